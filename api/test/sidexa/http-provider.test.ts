import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  formatPlate,
  SIDEXA_PROVIDER_UNAVAILABLE,
  type SidexaLine,
  type SidexaResult,
  sidexaEnrichResponseSchema,
  sidexaResultSchema,
  unitConsumptionSchema,
  type Variant,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueLookup, REGISTERED } from '../../src/modules/sidexa/catalogue/vehicles';
import { httpVehicleDataProvider } from '../../src/modules/sidexa/http-provider';
import { ProviderUnavailableError } from '../../src/modules/sidexa/provider';
import { providerFor } from '../../src/modules/sidexa/routes';
import { createFolder } from '../folders/fixtures';
import { createTestApp, login } from '../helpers';
import { companyId } from '../notifications/fixtures';
import { lookupsOf, setBalance, sidexa } from './fixtures';

const API_KEY = 'cle-de-test';
const SAMPLE = REGISTERED.find((vehicle) => !vehicle.vinIdentified && vehicle.model.key === 'p3008');

/** What the fake provider answers for a known plate: a catalogue vehicle under another name. */
function sampleVehicle(plate: string): SidexaResult {
  const answer = catalogueLookup({ registration: SAMPLE?.plate ?? '' });
  if (!answer.found) throw new Error('no sample');
  return { ...answer.result, registration: formatPlate(plate), label: 'VÉHICULE DU FOURNISSEUR' };
}

const received: { method: string; url: string; authorization?: string; body?: unknown }[] = [];
let server: Server;
let url: string;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** A vehicle-data provider on a local port: a few plates answer each way a real one can. */
function startFakeProvider(): Promise<void> {
  server = createServer(async (request, response) => {
    const address = new URL(request.url ?? '/', 'http://localhost');
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body,
    });
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${API_KEY}`) return json(401, { message: 'Clé API invalide' });
    if (request.method === 'GET' && address.pathname === '/vehicles') {
      const plate = address.searchParams.get('registration') ?? '';
      if (plate === 'NF000NF') return json(404, { message: 'Véhicule inconnu du fournisseur.' });
      if (plate === 'ST000ST') return json(200, 'Immatriculation absente du fichier.');
      if (plate === 'ER000ER') return json(500, { error: 'boom' });
      if (plate === 'BD000BD') return json(200, { brand: 42 });
      if (plate === 'SL000SL') {
        setTimeout(() => json(200, sampleVehicle(plate)), 1_500);
        return;
      }
      return json(200, sampleVehicle(plate));
    }
    if (request.method === 'POST' && address.pathname === '/quotations/price') {
      const { selectedParts } = body as { selectedParts: { codpiece: string; ref: string }[] };
      const lines: SidexaLine[] = selectedParts.flatMap(({ codpiece, ref }) => [
        {
          codpiece,
          title: `Pièce ${ref}`,
          details: `EURO-${ref}`,
          quantity: 1,
          unit: 'u',
          preTaxAmount: 41_000,
          variants: [],
          subTypeCode: 'windscreen',
        },
        {
          codpiece: `${codpiece}-MO`,
          title: 'Pose',
          details: '',
          quantity: 2,
          unit: 'h',
          preTaxAmount: null,
          variants: [],
          subTypeCode: 'labour',
        },
      ]);
      return json(200, { lines });
    }
    json(404, { message: 'Inconnu' });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(startFakeProvider);
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('the HTTP adapter of a vehicle-data account', () => {
  it('is chosen by SIDEXA_URL; the catalogue answers without it', () => {
    expect(providerFor({ sidexaUrl: undefined, sidexaApiKey: undefined }).name).toBe('catalogue');
    expect(providerFor({ sidexaUrl: url, sidexaApiKey: API_KEY }).name).toBe('http');
  });

  it('reads a vehicle, sending the key, the plate and the VIN', async () => {
    const provider = httpVehicleDataProvider({ url: `${url}/`, apiKey: API_KEY });
    const answer = await provider.lookup({ registration: 'GH-123-JK', vin: 'VF3ABCDEFGH123456' });
    expect(answer.found).toBe(true);
    if (answer.found) {
      expect(sidexaResultSchema.parse(answer.result)).toMatchObject({ registration: 'GH-123-JK', brand: 'Peugeot' });
    }
    expect(received.at(-1)).toMatchObject({
      method: 'GET',
      url: '/vehicles?registration=GH123JK&vin=VF3ABCDEFGH123456',
      authorization: `Bearer ${API_KEY}`,
    });
  });

  it('passes the provider’s no-result text on, from a 404 or a string', async () => {
    const provider = httpVehicleDataProvider({ url, apiKey: API_KEY });
    expect(await provider.lookup({ registration: 'NF-000-NF' })).toEqual({
      found: false,
      message: 'Véhicule inconnu du fournisseur.',
    });
    expect(await provider.lookup({ registration: 'ST-000-ST' })).toEqual({
      found: false,
      message: 'Immatriculation absente du fichier.',
    });
  });

  it('says unavailable on an error, an unreadable answer, a wrong key, a timeout or no server', async () => {
    const provider = httpVehicleDataProvider({ url, apiKey: API_KEY, timeoutMs: 300 });
    for (const registration of ['ER-000-ER', 'BD-000-BD', 'SL-000-SL']) {
      await expect(provider.lookup({ registration }), registration).rejects.toBeInstanceOf(ProviderUnavailableError);
    }
    const wrongKey = httpVehicleDataProvider({ url, apiKey: 'mauvaise' });
    await expect(wrongKey.lookup({ registration: 'GH-123-JK' })).rejects.toBeInstanceOf(ProviderUnavailableError);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nobody = httpVehicleDataProvider({ url: `http://127.0.0.1:${port}`, apiKey: API_KEY, timeoutMs: 1_000 });
    await expect(nobody.lookup({ registration: 'GH-123-JK' })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('asks the provider for the prices of the parts picked', async () => {
    const provider = httpVehicleDataProvider({ url, apiKey: API_KEY });
    const vehicle = sampleVehicle('GH123JK');
    const variant = vehicle.lines[0]?.variants[1] as Variant;
    const lines = await provider.price({
      registration: 'GH-123-JK',
      vin: null,
      audatex: variant.audatex,
      lines: vehicle.lines,
      selection: new Map([['PB', variant]]),
    });
    expect(lines.map((line) => line.codpiece)).toEqual(['PB', 'PB-MO']);
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/quotations/price',
      body: {
        registration: 'GH123JK',
        vin: null,
        audatex: variant.audatex,
        selectedParts: [{ codpiece: 'PB', ref: variant.ref }],
      },
    });
  });
});

describe('the API on a provider account', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof sidexa>;
  let lyon: number;

  beforeAll(async () => {
    app = await createTestApp({ config: { sidexaUrl: url, sidexaApiKey: API_KEY } });
    lyon = await companyId(app, 'lyon');
    await setBalance(app, lyon, 20);
    calls = sidexa(app, await login(app, 'poseur.admin@demo.garage.fr'));
  });
  afterAll(() => app.close());

  async function charged(plate: string) {
    const folder = await createFolder(app, lyon, { plate });
    const unit = unitConsumptionSchema.parse((await calls.consume(folder.id, lyon)).json());
    return { folder, token: unit.token };
  }

  it('answers the provider’s vehicle and prices through it, labour at the garage’s rate', async () => {
    const { folder, token } = await charged('GH123JK');
    const response = await calls.quotation(folder.id, token);
    expect(response.statusCode).toBe(200);
    const vehicle = sidexaResultSchema.parse(response.json());
    expect(vehicle).toMatchObject({ label: 'VÉHICULE DU FOURNISSEUR', registration: 'GH-123-JK' });
    const ref = vehicle.lines[0]?.variants[0]?.ref ?? '';
    const enriched = await calls.enrich(folder.id, token, [{ codpiece: 'PB', ref }]);
    expect(enriched.statusCode, enriched.body).toBe(200);
    const { lines } = sidexaEnrichResponseSchema.parse(enriched.json());
    expect(lines.map((line) => [line.codpiece, line.preTaxAmount])).toEqual([
      ['PB', 41_000],
      ['PB-MO', 5_800],
    ]);
    // Answered once: the second reading comes from the lookup.
    const before = received.length;
    expect((await calls.quotation(folder.id, token)).statusCode).toBe(200);
    expect(received.length).toBe(before);
  });

  it('answers 502 when the provider fails, keeps the lookup waiting and charges nothing more', async () => {
    const { folder, token } = await charged('ER000ER');
    const response = await calls.quotation(folder.id, token);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(SIDEXA_PROVIDER_UNAVAILABLE);
    expect((await lookupsOf(app, folder.id))[0]?.status).toBe('pending');
    const again = unitConsumptionSchema.parse((await calls.consume(folder.id, lyon)).json());
    expect(again.charged).toBe(false);
    const unknown = await charged('NF000NF');
    const text = await calls.quotation(unknown.folder.id, unknown.token);
    expect(text.statusCode).toBe(200);
    expect(text.json()).toBe('Véhicule inconnu du fournisseur.');
  });
});
