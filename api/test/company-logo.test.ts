import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import {
  companyInfosResponseSchema,
  GARAGE_ADMIN_PICK_GARAGE,
  LOGO_MAX_BYTES,
  LOGO_NOT_FOUND_MESSAGE,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_REFUSED_MESSAGE,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing } from './billing/fixtures';
import { createTestApp, login, multipart } from './helpers';

/** A real 1×1 PNG (valid chunks and checksums): what the browser shows and pdf-lib draws. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Only the first bytes make a PNG: padded up to a given size. */
const pngOfSize = (size: number) => Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(size - 8, 0)]);

let app: FastifyInstance;
let admin: string; // poseur.admin@: admin of Lyon
let multi: string; // multi@: admin of Lyon, Marseille and Bordeaux
let lyon: number;
let marseille: number;

async function companiesOf(cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie } });
  return companyInfosResponseSchema.parse(response.json()).companies;
}
const idOf = async (cookie: string, name: string) => (await companiesOf(cookie)).find((c) => c.name === name)?.id ?? -1;
const logoUrlOf = async (cookie: string, id: number) => (await companiesOf(cookie)).find((c) => c.id === id)?.logoUrl;

async function upload(cookie: string, companyId: number, bytes: Buffer, fileName = 'logo.png', field = 'file') {
  const form = await multipart({ [field]: new Blob([new Uint8Array(bytes)]) }, fileName);
  return app.inject({
    method: 'POST',
    url: `/api/company/${companyId}/logo`,
    headers: { cookie, ...form.headers },
    payload: form.payload,
  });
}
const read = (cookie: string | undefined, url: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const remove = (cookie: string, companyId: number) =>
  app.inject({ method: 'DELETE', url: `/api/company/${companyId}/logo`, headers: { cookie } });

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, 'poseur.admin@demo.garage.fr');
  multi = await login(app, 'multi@demo.garage.fr');
  lyon = await idOf(multi, 'Vitrage Express Lyon');
  marseille = await idOf(multi, 'Vitrage Express Marseille');
});
afterAll(() => app.close());

describe('the garage’s logo', () => {
  it('stores a PNG, names it in the company infos and serves it back byte for byte', async () => {
    const response = await upload(admin, lyon, PNG);
    expect(response.statusCode).toBe(200);
    const { logoUrl } = response.json() as { logoUrl: string };
    expect(logoUrl).toMatch(new RegExp(`^/api/company/${lyon}/logo\\?v=\\d+$`));
    expect(await logoUrlOf(admin, lyon)).toBe(logoUrl);

    const served = await read(admin, logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    // Without its version the URL may change content: not cached for good.
    expect((await read(admin, `/api/company/${lyon}/logo`)).headers['cache-control']).toBe('private, no-cache');
  });

  it('refuses a text file named logo.png, in French, and keeps the logo', async () => {
    const before = await logoUrlOf(admin, lyon);
    const response = await upload(admin, lyon, Buffer.from('<html>pas une image</html>'), 'logo.png');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(LOGO_TYPE_REFUSED_MESSAGE);
    // A PDF is a file the folders accept, not a logo.
    const pdf = await upload(admin, lyon, Buffer.from('%PDF-1.7\n'), 'logo.pdf');
    expect(pdf.statusCode).toBe(415);
    expect(await logoUrlOf(admin, lyon)).toBe(before);
    expect(Buffer.compare((await read(admin, `/api/company/${lyon}/logo`)).rawPayload, PNG)).toBe(0);
  });

  it('accepts 1 MB and refuses one byte more, in French', async () => {
    const before = await logoUrlOf(admin, lyon);
    const tooLarge = await upload(admin, lyon, pngOfSize(LOGO_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(LOGO_TOO_LARGE_MESSAGE);
    expect(await logoUrlOf(admin, lyon)).toBe(before);

    expect((await upload(admin, lyon, pngOfSize(LOGO_MAX_BYTES))).statusCode).toBe(200);
    expect((await read(admin, `/api/company/${lyon}/logo`)).rawPayload.length).toBe(LOGO_MAX_BYTES);
    expect((await upload(admin, lyon, PNG)).statusCode).toBe(200);
  });

  it('asks for the `file` part', async () => {
    const response = await upload(admin, lyon, PNG, 'logo.png', 'files');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choisissez une image pour le logo');
  });

  it('lets only the garage’s admins change it', async () => {
    const fitter = await login(app, 'poseur@demo.garage.fr'); // Lyon, not admin
    expect((await upload(fitter, lyon, PNG)).statusCode).toBe(403);
    expect((await remove(fitter, lyon)).statusCode).toBe(403);
    const cmd = await login(app, 'cmd@demo.garage.fr'); // Paris, not admin
    const paris = await idOf(cmd, 'Vitrage Express Paris 15');
    // The demo's garages have a logo: a refused upload leaves it as it was.
    const before = await logoUrlOf(cmd, paris);
    const refused = await upload(cmd, paris, PNG);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Accès refusé');
    expect(await logoUrlOf(cmd, paris)).toBe(before);
  });

  it('answers 403 for another garage’s company (as every company-scoped route) and leaves its logo alone', async () => {
    const marseilleLogo = await upload(multi, marseille, PNG);
    expect(marseilleLogo.statusCode).toBe(200);
    const { logoUrl } = marseilleLogo.json() as { logoUrl: string };

    const response = await upload(admin, marseille, Buffer.from(PNG), 'autre.png');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Accès refusé à cette société');
    expect((await remove(admin, marseille)).statusCode).toBe(403);
    // TOUT is no company: pick one.
    const all = await upload(admin, 0, PNG);
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(GARAGE_ADMIN_PICK_GARAGE);
    expect(await logoUrlOf(multi, marseille)).toBe(logoUrl);
    expect((await read(multi, logoUrl)).statusCode).toBe(200);
  });

  it('is read by the garages of the same network only', async () => {
    const url = `/api/company/${lyon}/logo`;
    expect((await read(await login(app, 'cmd@demo.garage.fr'), url)).statusCode).toBe(200); // Paris, same franchise
    for (const email of ['referent@demo.garage.fr', 'comptable@demo.garage.fr']) {
      // Pare-Brise Martin and Garage du Centre are independent garages.
      const response = await read(await login(app, email), url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(LOGO_NOT_FOUND_MESSAGE);
    }
    expect((await read(undefined, url)).statusCode).toBe(401);
  });

  it('is drawn top-left on the garage’s documents', async () => {
    const documents = billing(app, admin);
    const id = await documents.create('quotation');
    const response = await documents.call('GET', `/api/quotation/${id}/pdf`);
    expect(response.statusCode).toBe(200);
    const pdf = await PDFDocument.load(response.rawPayload);
    const resources = pdf.getPages()[0]?.node.Resources();
    const images = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    expect(images?.keys().length).toBe(1);

    // Bytes that only start like a PNG: the document still prints, without the logo.
    expect((await upload(admin, lyon, pngOfSize(1000))).statusCode).toBe(200);
    const broken = await documents.call('GET', `/api/quotation/${id}/pdf`);
    expect(broken.statusCode).toBe(200);
    const page = (await PDFDocument.load(broken.rawPayload)).getPages()[0];
    expect(page?.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys() ?? []).toEqual([]);
    expect((await upload(admin, lyon, PNG)).statusCode).toBe(200);
  });

  it('is removed: 204, no URL any more, 404 on reading', async () => {
    const response = await remove(admin, lyon);
    expect(response.statusCode).toBe(204);
    expect(await logoUrlOf(admin, lyon)).toBeNull();
    expect((await read(admin, `/api/company/${lyon}/logo`)).statusCode).toBe(404);
    // Removing twice is harmless, and Marseille keeps its own.
    expect((await remove(admin, lyon)).statusCode).toBe(204);
    expect((await read(multi, `/api/company/${marseille}/logo`)).statusCode).toBe(200);
    // And the documents print without it.
    const documents = billing(app, admin);
    const pdf = await PDFDocument.load(
      (await documents.call('GET', `/api/quotation/${await documents.create('quotation')}/pdf`)).rawPayload,
    );
    expect(pdf.getPages()[0]?.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys() ?? []).toEqual([]);
  });
});
