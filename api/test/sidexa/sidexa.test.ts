import {
  FOLDER_NOT_FOUND_MESSAGE,
  formatPlate,
  SIDEXA_AUDATEX_MISMATCH,
  SIDEXA_COMPANY_MISMATCH,
  SIDEXA_HOURLY_RATE_INVALID,
  SIDEXA_HOURLY_RATE_REQUIRED,
  SIDEXA_LOOKUP_NOT_FOUND,
  SIDEXA_NO_VEHICLE_DATA,
  SIDEXA_PART_REQUIRED,
  SIDEXA_PART_UNKNOWN,
  SIDEXA_REGISTRATION_MISMATCH,
  SIDEXA_REPORT_UNAVAILABLE,
  SIDEXA_STATE_COLUMN,
  SIDEXA_TABLE_COLUMNS,
  SIDEXA_TOKEN_INVALID,
  type SidexaResult,
  scopedTokenSchema,
  sidexaEnrichResponseSchema,
  sidexaQuotationResponseSchema,
  sidexaStatusSchema,
  sidexaTableResponseSchema,
  UNITS_INSUFFICIENT,
  UNITS_REDIRECT,
  unitConsumptionSchema,
  unitsInsufficientSchema,
} from 'contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, sidexaLookups } from '../../src/db/schema';
import { seedSidexaDemo } from '../../src/demo/sidexa';
import { REGISTERED } from '../../src/modules/sidexa/catalogue/vehicles';
import { signScopedToken } from '../../src/modules/sidexa/scoped-token';
import { createFolder } from '../folders/fixtures';
import { createTestApp, login, loginResponse, tokenOf, unitBalance } from '../helpers';
import { companyId } from '../notifications/fixtures';
import { pdfText } from '../pdf-text';
import { lookupsOf, setBalance, sidexa, sidexaLedger } from './fixtures';

let app: FastifyInstance;
let lyon: number;
let paris: number;
let marseille: number;
let lyonAdmin: ReturnType<typeof sidexa>;
let parisCmd: ReturnType<typeof sidexa>;
let multi: ReturnType<typeof sidexa>;
let lyonCookie: string;

beforeAll(async () => {
  app = await createTestApp();
  [lyon, paris, marseille] = await Promise.all([
    companyId(app, 'lyon'),
    companyId(app, 'paris'),
    companyId(app, 'marseille'),
  ]);
  const [admin, cmd, multiCookie] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
  ]);
  lyonCookie = admin;
  lyonAdmin = sidexa(app, admin);
  parisCmd = sidexa(app, cmd);
  multi = sidexa(app, multiCookie);
  expect(
    (await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multiCookie } })).statusCode,
  ).toBe(200);
  await setBalance(app, lyon, 100);
});
afterAll(() => app.close());

const plateOf = (key: string, identified: boolean) => {
  const vehicle = REGISTERED.find((item) => item.model.key === key && item.vinIdentified === identified);
  if (!vehicle) throw new Error(`no registered ${key}`);
  return vehicle.plate;
};

async function hourlyRate(company: number): Promise<number> {
  const [row] = await app.db.select({ rate: companies.hourlyRate }).from(companies).where(eq(companies.id, company));
  return Math.round((row?.rate ?? 0) * 100);
}

/** A Lyon folder charged for its lookup: its id and scoped token. */
async function chargedFolder(values: Parameters<typeof createFolder>[2] = {}) {
  const folder = await createFolder(app, lyon, values);
  const response = await lyonAdmin.consume(folder.id, lyon);
  expect(response.statusCode).toBe(201);
  return { folder, ...unitConsumptionSchema.parse(response.json()) };
}

async function quotation(folderId: number, token: string): Promise<SidexaResult> {
  const response = await lyonAdmin.quotation(folderId, token);
  expect(response.statusCode, response.body).toBe(200);
  const body = sidexaQuotationResponseSchema.parse(response.json());
  if (typeof body === 'string') throw new Error(`no vehicle: ${body}`);
  return body;
}

describe('the vehicle search of a folder (docs/product.md)', () => {
  it('documents its calls in the OpenAPI document', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/folder/{id}/sidexa-status',
      '/api/token/generate-scoped',
      '/api/folder/{id}/jetons/create',
      '/api/folder/{id}/sidexa-quotation',
      '/api/folder/{id}/sidexa-quotation/enrich',
      '/api/company/{companyId}/fees',
      '/api/sidexa/table',
      '/api/sidexa/{lookupId}/report',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('checks the status, consumes a unit, answers the vehicle, then only signs new tokens', async () => {
    const folder = await createFolder(app, lyon);
    const before = await unitBalance(app, lyon);
    const first = sidexaStatusSchema.parse((await lyonAdmin.status(folder.id)).json());
    expect(first).toEqual({ hasVehicleData: false, tokenId: null, registration: formatPlate(folder.plate) });

    const consumed = await lyonAdmin.consume(folder.id, lyon);
    expect(consumed.statusCode).toBe(201);
    const unit = unitConsumptionSchema.parse(consumed.json());
    expect(unit).toMatchObject({ charged: true, jeton: before - 1 });
    expect(await unitBalance(app, lyon)).toBe(before - 1);
    const ledger = await sidexaLedger(app, folder.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ units: -1, companyId: lyon, balanceAfter: before - 1 });
    expect(ledger[0]?.reference).toContain(formatPlate(folder.plate));

    const charged = sidexaStatusSchema.parse((await lyonAdmin.status(folder.id)).json());
    expect(charged).toEqual({ hasVehicleData: false, tokenId: unit.tokenId, registration: formatPlate(folder.plate) });

    const vehicle = await quotation(folder.id, unit.token);
    expect(vehicle).toMatchObject({ brand: 'Renault', model: 'Clio V', registration: formatPlate(folder.plate) });
    const [stored] = await lookupsOf(app, folder.id);
    expect(stored).toMatchObject({ status: 'found', registration: folder.plate, tokenId: unit.tokenId });
    expect(stored?.vehicle?.brand).toBe('Renault');
    expect(stored?.lines?.length).toBe(vehicle.lines.length);
    expect((await lyonAdmin.status(folder.id)).json()).toMatchObject({ hasVehicleData: true, tokenId: unit.tokenId });

    // Next visit: a scoped token for the same lookup, no unit consumed, the same answer.
    const kept = await lyonAdmin.scoped(unit.tokenId, charged.registration ?? '', true, unit.token);
    expect(kept.statusCode).toBe(200);
    expect(scopedTokenSchema.parse(kept.json()).token).toBe(unit.token);
    const fresh = scopedTokenSchema.parse((await lyonAdmin.scoped(unit.tokenId, folder.plate)).json());
    expect(await quotation(folder.id, fresh.token)).toEqual(vehicle);
    const byQuery = await app.inject({
      url: `/api/folder/${folder.id}/sidexa-quotation?token=${encodeURIComponent(fresh.token)}`,
      headers: { cookie: lyonCookie },
    });
    expect(byQuery.statusCode).toBe(200);
    expect(await unitBalance(app, lyon)).toBe(before - 1);
    expect(await sidexaLedger(app, folder.id)).toHaveLength(1);
  });

  it('answers a VIN-identified vehicle: one priced variant per part, labour at the hourly rate', async () => {
    const plate = plateOf('p308', true);
    const { folder, token } = await chargedFolder({ plate, glass: 'windscreen' });
    const vehicle = await quotation(folder.id, token);
    expect(vehicle).toMatchObject({ brand: 'Peugeot', model: '308 III', vinIdentified: true });
    const rate = await hourlyRate(lyon);
    for (const line of vehicle.lines) {
      if (line.variants.length > 0) {
        expect(line.variants).toHaveLength(1);
        expect(line.preTaxAmount).toBe(line.variants[0]?.preTaxAmount);
        expect(line.details).toBe(line.variants[0]?.euroCode);
      }
      if (line.unit === 'h') expect(line.preTaxAmount).toBe(rate);
    }
  });

  it('answers variants for a vehicle not identified by VIN, then prices the parts picked', async () => {
    const plate = plateOf('golf8', false);
    const { folder, token } = await chargedFolder({ plate, glass: 'windscreen' });
    expect((await lyonAdmin.enrich(folder.id, token, [{ codpiece: 'PB', ref: 'X' }])).json().message).toBe(
      SIDEXA_NO_VEHICLE_DATA,
    );
    const vehicle = await quotation(folder.id, token);
    expect(vehicle.vinIdentified).toBe(false);
    const windscreen = vehicle.lines.find((line) => line.codpiece === 'PB');
    expect(windscreen?.variants.length).toBeGreaterThanOrEqual(2);
    expect(windscreen?.variants.length).toBeLessThanOrEqual(4);
    expect(windscreen?.preTaxAmount).toBeNull();
    const camera = windscreen?.variants.find((variant) => variant.options.some((option) => option.code === 'CAM'));
    if (!camera) throw new Error('no camera variant');

    const missing = await lyonAdmin.enrich(folder.id, token, []);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SIDEXA_PART_REQUIRED);
    const unknown = await lyonAdmin.enrich(folder.id, token, [{ codpiece: 'PB', ref: 'NOT-A-REF' }]);
    expect(unknown.json().message).toBe(SIDEXA_PART_UNKNOWN);
    const wrongAudatex = await lyonAdmin.enrich(folder.id, token, [{ codpiece: 'PB', ref: camera.ref }], 'AX000');
    expect(wrongAudatex.json().message).toBe(SIDEXA_AUDATEX_MISMATCH);

    const enriched = await lyonAdmin.enrich(folder.id, token, [{ codpiece: 'PB', ref: camera.ref }], camera.audatex);
    expect(enriched.statusCode, enriched.body).toBe(200);
    const { lines } = sidexaEnrichResponseSchema.parse(enriched.json());
    const rate = await hourlyRate(lyon);
    expect(lines.map((line) => [line.codpiece, line.unit, line.preTaxAmount])).toEqual([
      ['PB', 'u', camera.preTaxAmount],
      ['PB-MO', 'h', rate],
      ['PB-KIT', 'u', 3_490],
      ['PB-ADAS', 'h', rate],
    ]);
    expect(lines[0]).toMatchObject({ details: camera.euroCode, title: camera.label, variants: [camera] });
    const [stored] = await lookupsOf(app, folder.id);
    expect(stored?.status).toBe('priced');
    expect(stored?.pricedLines).toEqual(lines);
    // The status still says the vehicle is known; the quotation still offers every variant.
    expect((await lyonAdmin.status(folder.id)).json().hasVehicleData).toBe(true);
    expect((await quotation(folder.id, token)).lines.find((line) => line.codpiece === 'PB')?.variants).toHaveLength(
      windscreen?.variants.length ?? 0,
    );
  });

  it('answers the provider’s text for a plate with no result; the unit stays consumed, once', async () => {
    const before = await unitBalance(app, lyon);
    const { folder, token, tokenId } = await chargedFolder({ plate: 'AA000AA' });
    const response = await lyonAdmin.quotation(folder.id, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe('Aucun véhicule ne correspond à l’immatriculation AA-000-AA dans la base SIV.');
    expect((await lookupsOf(app, folder.id))[0]).toMatchObject({ status: 'not_found', vehicle: null });
    expect((await lyonAdmin.status(folder.id)).json()).toEqual({
      hasVehicleData: false,
      tokenId,
      registration: 'AA-000-AA',
    });
    const again = unitConsumptionSchema.parse((await lyonAdmin.consume(folder.id, lyon)).json());
    expect(again).toMatchObject({ charged: false, tokenId });
    expect(await unitBalance(app, lyon)).toBe(before - 1);
  });

  it('refuses a missing, expired, forged or foreign token, and the display token', async () => {
    const a = await chargedFolder();
    const b = await chargedFolder();
    const refused = async (folderId: number, token: string | undefined) => {
      const response = await lyonAdmin.quotation(folderId, token);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(SIDEXA_TOKEN_INVALID);
    };
    await refused(a.folder.id, undefined);
    await refused(b.folder.id, a.token);
    const [lookup] = await lookupsOf(app, a.folder.id);
    if (!lookup) throw new Error('no lookup');
    const claims = {
      lookupId: lookup.id,
      folderId: lookup.folderId,
      companyId: lookup.companyId,
      tokenId: lookup.tokenId,
      scope: lookup.scope,
      registration: lookup.registration,
    };
    await refused(a.folder.id, (await signScopedToken(app.config.sessionSecret, claims, -60)).token);
    await refused(a.folder.id, (await signScopedToken('another-server-secret', claims)).token);
    await refused(a.folder.id, (await signScopedToken(app.config.sessionSecret, { ...claims, tokenId: 'x' })).token);
    await refused(a.folder.id, tokenOf(await loginResponse(app, 'poseur.admin@demo.garage.fr')));
    await refused(a.folder.id, 'not.a.jwt');
    expect((await lyonAdmin.enrich(a.folder.id, b.token, [{ codpiece: 'PB', ref: 'x' }])).statusCode).toBe(403);
    // Another company: their folder is not found; a Lyon token does not open a Paris folder.
    const lyonFolder = await parisCmd.quotation(a.folder.id, a.token);
    expect(lyonFolder.statusCode).toBe(404);
    const parisFolder = await createFolder(app, paris);
    expect((await parisCmd.quotation(parisFolder.id, a.token)).statusCode).toBe(403);
    // Still fine with its own token.
    expect((await lyonAdmin.quotation(a.folder.id, a.token)).statusCode).toBe(200);
  });

  it('signs scoped tokens only for the user’s lookups and their plate; renews an expiring one', async () => {
    const { folder, token, tokenId } = await chargedFolder();
    const renewed = await lyonAdmin.scoped(tokenId, formatPlate(folder.plate), true, 'garbage');
    expect(renewed.statusCode).toBe(200);
    expect((await lyonAdmin.quotation(folder.id, scopedTokenSchema.parse(renewed.json()).token)).statusCode).toBe(200);
    const [lookup] = await lookupsOf(app, folder.id);
    if (!lookup) throw new Error('no lookup');
    const expiring = await signScopedToken(
      app.config.sessionSecret,
      {
        lookupId: lookup.id,
        folderId: folder.id,
        companyId: lyon,
        tokenId,
        scope: 'quotation',
        registration: folder.plate,
      },
      30,
    );
    const replaced = scopedTokenSchema.parse(
      (await lyonAdmin.scoped(tokenId, folder.plate, true, expiring.token)).json(),
    );
    expect(replaced.token).not.toBe(expiring.token);
    expect(scopedTokenSchema.parse((await lyonAdmin.scoped(tokenId, folder.plate, true, token)).json()).token).toBe(
      token,
    );
    const wrongPlate = await lyonAdmin.scoped(tokenId, 'AB-123-CD');
    expect(wrongPlate.statusCode).toBe(400);
    expect(wrongPlate.json().message).toBe(SIDEXA_REGISTRATION_MISMATCH);
    const foreign = await parisCmd.scoped(tokenId, folder.plate);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SIDEXA_LOOKUP_NOT_FOUND);
    expect((await lyonAdmin.scoped('unknown-token-id', folder.plate)).statusCode).toBe(404);
  });
});

describe('units consumed by the lookup', () => {
  it('charges a folder once per scope, one call after the other or many at once', async () => {
    const before = await unitBalance(app, lyon);
    const folder = await createFolder(app, lyon);
    const first = unitConsumptionSchema.parse((await lyonAdmin.consume(folder.id, lyon)).json());
    const second = await lyonAdmin.consume(folder.id, lyon);
    expect(second.statusCode).toBe(201);
    expect(unitConsumptionSchema.parse(second.json())).toMatchObject({
      charged: false,
      tokenId: first.tokenId,
      jeton: before - 1,
    });

    const other = await createFolder(app, lyon);
    const answers = await Promise.all(Array.from({ length: 6 }, () => lyonAdmin.consume(other.id, lyon)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    const bodies = answers.map((answer) => unitConsumptionSchema.parse(answer.json()));
    expect(bodies.filter((body) => body.charged)).toHaveLength(1);
    expect(new Set(bodies.map((body) => body.tokenId)).size).toBe(1);
    expect(await unitBalance(app, lyon)).toBe(before - 2);
    expect(await sidexaLedger(app, folder.id)).toHaveLength(1);
    expect(await sidexaLedger(app, other.id)).toHaveLength(1);
    expect(await lookupsOf(app, other.id)).toHaveLength(1);
  });

  it('charges the folder’s company when TOUT is selected', async () => {
    const before = await unitBalance(app, marseille);
    const folder = await createFolder(app, marseille);
    const response = await multi.consume(folder.id, 0);
    expect(response.statusCode).toBe(201);
    expect(await unitBalance(app, marseille)).toBe(before - 1);
    expect((await sidexaLedger(app, folder.id))[0]?.companyId).toBe(marseille);
  });

  it('finds no folder of another company and charges nothing; refuses a company that is not the folder’s', async () => {
    const [lyonBefore, parisBefore] = [await unitBalance(app, lyon), await unitBalance(app, paris)];
    const parisFolder = await createFolder(app, paris);
    for (const companyIdSent of [paris, lyon, 0]) {
      const response = await lyonAdmin.consume(parisFolder.id, companyIdSent);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(FOLDER_NOT_FOUND_MESSAGE);
    }
    expect((await lyonAdmin.status(parisFolder.id)).statusCode).toBe(404);
    const lyonFolder = await createFolder(app, lyon);
    const mismatch = await lyonAdmin.consume(lyonFolder.id, paris);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(SIDEXA_COMPANY_MISMATCH);
    expect(await lookupsOf(app, parisFolder.id)).toHaveLength(0);
    expect(await lookupsOf(app, lyonFolder.id)).toHaveLength(0);
    expect(await sidexaLedger(app, parisFolder.id)).toHaveLength(0);
    expect([await unitBalance(app, lyon), await unitBalance(app, paris)]).toEqual([lyonBefore, parisBefore]);
  });

  it('is for the roles of the Sidexa permission only', async () => {
    const folder = await createFolder(app, lyon);
    for (const email of ['poseur@demo.garage.fr', 'comptable@demo.garage.fr', 'service.client@demo.garage.fr']) {
      const calls = sidexa(app, await login(app, email));
      expect((await calls.consume(folder.id, 0)).statusCode, email).toBe(403);
      expect((await calls.table()).statusCode, email).toBe(403);
    }
    expect(await lookupsOf(app, folder.id)).toHaveLength(0);
  });

  it('50 folders confirmed together with 10 units left: exactly 10 are charged, 40 sent to /checkout', async () => {
    const folders = [];
    for (let index = 0; index < 50; index++) folders.push(await createFolder(app, lyon));
    await setBalance(app, lyon, 10);
    const answers = await Promise.all(folders.map((folder) => lyonAdmin.consume(folder.id, lyon)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 401)).toHaveLength(40);
    for (const answer of answers.filter((item) => item.statusCode === 401)) {
      expect(unitsInsufficientSchema.parse(answer.json())).toMatchObject({
        message: UNITS_INSUFFICIENT,
        redirect: UNITS_REDIRECT,
      });
    }
    expect(await unitBalance(app, lyon)).toBe(0);
    const ledgers = await Promise.all(folders.map((folder) => sidexaLedger(app, folder.id)));
    expect(ledgers.flat()).toHaveLength(10);
    expect(
      ledgers
        .flat()
        .map((row) => row.balanceAfter)
        .sort((x, y) => x - y),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const lookups = await Promise.all(folders.map((folder) => lookupsOf(app, folder.id)));
    answers.forEach((answer, index) => {
      expect(lookups[index], `folder ${index}`).toHaveLength(answer.statusCode === 201 ? 1 : 0);
    });

    // With nothing left, a refused consumption writes nothing at all.
    const late = await createFolder(app, lyon);
    const refused = await lyonAdmin.consume(late.id, lyon);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: UNITS_INSUFFICIENT, redirect: '/checkout' });
    expect(await lookupsOf(app, late.id)).toHaveLength(0);
    expect(await sidexaLedger(app, late.id)).toHaveLength(0);
    expect(await unitBalance(app, lyon)).toBe(0);
    // A folder already charged keeps its lookup without any unit.
    const charged = answers.findIndex((answer) => answer.statusCode === 201);
    const reused = await lyonAdmin.consume(folders[charged]?.id ?? 0, lyon);
    expect(reused.statusCode).toBe(201);
    expect(unitConsumptionSchema.parse(reused.json())).toMatchObject({ charged: false, jeton: 0 });
    await setBalance(app, lyon, 100);
  });
});

describe('the company fee setting', () => {
  it('saves the hourly rate of the user’s company, refuses another company and what is not a rate', async () => {
    const saved = await lyonAdmin.fees(lyon, '62,50');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ hourlyRate: 62.5 });
    expect(await hourlyRate(lyon)).toBe(6_250);
    expect((await lyonAdmin.fees(lyon, 64)).json()).toEqual({ hourlyRate: 64 });

    const parisRate = await hourlyRate(paris);
    const foreign = await lyonAdmin.fees(paris, 90);
    expect(foreign.statusCode).toBe(403);
    expect(await hourlyRate(paris)).toBe(parisRate);
    const empty = await lyonAdmin.fees(lyon, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SIDEXA_HOURLY_RATE_REQUIRED);
    for (const wrong of ['abc', -5, 0, '12,345', 5000]) {
      const response = await lyonAdmin.fees(lyon, wrong);
      expect(response.statusCode, String(wrong)).toBe(400);
      expect(response.json().message).toBe(SIDEXA_HOURLY_RATE_INVALID);
    }
    expect(await hourlyRate(lyon)).toBe(6_400);

    // Labour lines follow the new rate.
    const { folder, token } = await chargedFolder({ plate: plateOf('c3', true) });
    const labour = (await quotation(folder.id, token)).lines.find((line) => line.unit === 'h');
    expect(labour?.preTaxAmount).toBe(6_400);
  });
});

describe('the list and the report (/sidexa/list)', () => {
  const tab = (state: string) =>
    `?filters=${encodeURIComponent(JSON.stringify({ [SIDEXA_STATE_COLUMN]: state }))}&columnsMap=${encodeURIComponent(JSON.stringify(SIDEXA_TABLE_COLUMNS))}`;

  async function countsOf(company: number) {
    const rows = await app.db
      .select({ state: sidexaLookups.status, total: count() })
      .from(sidexaLookups)
      .where(eq(sidexaLookups.companyId, company))
      .groupBy(sidexaLookups.status);
    const counts = { all: 0, pending: 0, found: 0, not_found: 0, priced: 0 };
    for (const row of rows) {
      counts[row.state as keyof typeof counts] = row.total;
      counts.all += row.total;
    }
    return counts;
  }

  it('lists the lookups of the user’s companies only, newest first, with the count per state', async () => {
    const lyonList = sidexaTableResponseSchema.parse((await lyonAdmin.table('?pageSize=100')).json());
    const expected = await countsOf(lyon);
    expect(lyonList.statusCounts).toEqual(expected);
    expect(lyonList.totalRecords).toBe(expected.all);
    expect(lyonList.data.every((row) => row.companyName === 'Vitrage Express Lyon')).toBe(true);
    const dates = lyonList.data.map((row) => row.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const row of lyonList.data) {
      expect(row.report === null).toBe(row.state === 'pending' || row.state === 'not_found');
      expect(row.consumption).toBe(1);
    }

    const parisList = sidexaTableResponseSchema.parse((await parisCmd.table('?pageSize=100')).json());
    expect(parisList.statusCounts).toEqual(await countsOf(paris));
    expect(parisList.data.every((row) => row.companyName === 'Vitrage Express Paris 15')).toBe(true);
    expect(parisList.data.some((row) => lyonList.data.some((other) => other.id === row.id))).toBe(false);

    const priced = sidexaTableResponseSchema.parse((await lyonAdmin.table(tab('priced'))).json());
    expect(priced.totalRecords).toBe(expected.priced);
    expect(priced.data.every((row) => row.state === 'priced')).toBe(true);
    expect(priced.statusCounts).toEqual(expected);

    const one = lyonList.data[0];
    const search = sidexaTableResponseSchema.parse(
      (await lyonAdmin.table(`?search=${encodeURIComponent(one?.folder.split(' · ')[0] ?? '')}`)).json(),
    );
    expect(search.data.map((row) => row.id)).toContain(one?.id);
    expect(search.totalRecords).toBeLessThan(lyonList.totalRecords);

    const all = sidexaTableResponseSchema.parse((await multi.table('?pageSize=5')).json());
    expect(all.data).toHaveLength(5);
    expect(all.totalRecords).toBeGreaterThan(expected.all);
  });

  it('seeded a few lookups per demo garage, once', async () => {
    for (const company of [lyon, paris, marseille]) {
      const counts = await countsOf(company);
      expect(counts.found + counts.priced, String(company)).toBeGreaterThan(0);
    }
    expect(await seedSidexaDemo(app.db)).toBe(false);
  });

  it('prints a lookup’s report: the plate, the vehicle, its parts and prices', async () => {
    const plate = plateOf('golf8', false);
    const { folder, token } = await chargedFolder({ plate });
    const pendingId = (await lookupsOf(app, folder.id))[0]?.id ?? 0;
    const unavailable = await lyonAdmin.report(pendingId);
    expect(unavailable.statusCode).toBe(404);
    expect(unavailable.json().message).toBe(SIDEXA_REPORT_UNAVAILABLE);

    const vehicle = await quotation(folder.id, token);
    const ref = vehicle.lines.find((line) => line.codpiece === 'PB')?.variants[1]?.ref ?? '';
    expect((await lyonAdmin.enrich(folder.id, token, [{ codpiece: 'PB', ref }])).statusCode).toBe(200);
    const report = await lyonAdmin.report(pendingId);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(report.rawPayload);
    expect(text).toContain(formatPlate(plate));
    expect(text).toContain('Volkswagen');
    expect(text).toContain(vehicle.serialNumber ?? '-');
    expect(text).toContain('Total hors taxes');
    expect((await parisCmd.report(pendingId)).statusCode).toBe(404);
  });
});
