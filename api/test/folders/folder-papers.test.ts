import { randomUUID } from 'node:crypto';
import {
  DELIVERY_REPORT_DOCUMENT_TYPE,
  folderDocumentSchema,
  formatParisDateTime,
  SIGNATURE_INVALID,
  SIGNED_AT_FUTURE,
  SIGNED_AT_TOO_OLD,
  WORK_ORDER_DOCUMENT_TYPE,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderDocuments } from '../../src/db/schema';
import { insertTestFolder } from '../../test-support/folder-fixture';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';

/*
 * The folder's papers. The work order: a PDF that opens, naming the customer, the vehicle with its mileage
 * and the works and parts of the latest quote with its total. The delivery report: the invoice's works, the photos
 * after work, the customer's reservations. Signed on screen each joins the folder's documents; other garages kept out.
 */

// The smallest valid PNG: 1x1 transparent pixel.
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let other: Awaited<ReturnType<typeof ownTestGarage>>;
let folderId: number;
let quoteNumber: string | null;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  other = await ownTestGarage(app);
  const folder = await insertTestFolder(app.db, garage.companyId, {
    civility: 'M.',
    firstName: 'Paul',
    lastName: 'Garnier',
    plate: 'GH456JK',
    brand: 'Citroën',
    model: 'C4',
    mileage: 123456,
  });
  folderId = folder.id;
  const docs = billing(app, garage.cookie);
  const quote = await docs.create(
    'quotation',
    body({
      folderId,
      lines: [
        line({ title: 'Pare-brise athermique', quantity: 1, preTaxAmount: '300,00', position: 1 }),
        line({ title: 'Main-d’œuvre pose', quantity: 1.5, preTaxAmount: '60,00', position: 2 }),
      ],
    }),
  );
  quoteNumber = (await docs.issue(quote)).number;
});

afterAll(() => app?.close());

const get = (url: string, cookie = garage.cookie) => app.inject({ method: 'GET', url, headers: { cookie } });
const sign = (payload: object, cookie = garage.cookie, id = folderId) =>
  app.inject({ method: 'POST', url: `/api/folder/${id}/work-order/sign`, headers: { cookie }, payload });

describe('work order', () => {
  it('prints the customer, the vehicle and its mileage, the quote’s works and parts with its total', async () => {
    const response = await get(`/api/folder/${folderId}/work-order/view`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="ordre-de-reparation-T-/);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Ordre de réparation');
    expect(text).toContain('M. Paul Garnier');
    expect(text).toContain('GH-456-JK · Citroën C4');
    expect(text).toContain('Kilométrage à l’entrée : 123 456 km');
    expect(text).toContain('- Pare-brise athermique × 1');
    expect(text).toContain('- Main-d’œuvre pose × 1,5');
    expect(text).toMatch(new RegExp(`Selon le devis ${quoteNumber} : 4\\d\\d,\\d\\d € TTC`));
    expect(text).toContain('Bon pour accord');
    const download = await get(`/api/folder/${folderId}/work-order/download`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('signed on screen, the signed PDF joins the folder’s documents', async () => {
    const response = await sign({ signerName: 'Paul Garnier', accepted: true, signature: PIXEL });
    expect(response.statusCode, response.body).toBe(201);
    const document = folderDocumentSchema.parse(response.json());
    expect(document).toMatchObject({
      typeFile: WORK_ORDER_DOCUMENT_TYPE,
      name: 'Ordre de réparation signé par Paul Garnier',
    });
    const file = await get(`/api/folder/${folderId}/documents/${document.id}/download`);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Signé électroniquement par Paul Garnier le');
  });

  it('refuses in French and adds nothing: not accepted, a signature that is not a PNG, an unknown action', async () => {
    const before = await app.db.select().from(folderDocuments).where(eq(folderDocuments.folderId, folderId));
    const refused = await sign({ signerName: 'Paul Garnier', accepted: false });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'Le client doit accepter l’ordre de réparation',
    ]);
    const fake = await sign({
      signerName: 'Paul Garnier',
      accepted: true,
      signature: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
    });
    expect([fake.statusCode, fake.json().message]).toEqual([400, SIGNATURE_INVALID]);
    expect((await get(`/api/folder/${folderId}/work-order/print`)).statusCode).toBe(400);
    const after = await app.db.select().from(folderDocuments).where(eq(folderDocuments.folderId, folderId));
    expect(after.length).toBe(before.length);
  });

  it('is the folder’s garage only', async () => {
    expect((await get(`/api/folder/${folderId}/work-order/view`, other.cookie)).statusCode).toBe(404);
    expect((await sign({ signerName: 'X Y', accepted: true }, other.cookie)).statusCode).toBe(404);
  });
});

describe('delivery report', () => {
  const deliver = (payload: object, cookie = garage.cookie) =>
    app.inject({ method: 'POST', url: `/api/folder/${folderId}/delivery-report/sign`, headers: { cookie }, payload });

  it('prints the invoice’s works, the photos after work and a line for reservations', async () => {
    const docs = billing(app, garage.cookie);
    const invoice = await docs.create(
      'invoice',
      body({ folderId, lines: [line({ title: 'Pare-brise posé et calibré', quantity: 1, preTaxAmount: '350,00' })] }),
    );
    const issued = await docs.issue(invoice);
    await app.db.insert(folderDocuments).values(
      ['Avant droite', 'Avant gauche'].map((name) => ({
        folderId,
        companyId: garage.companyId,
        name,
        typeFile: 'Photo après travaux',
        fileName: `${name}.jpg`,
        mimeType: 'image/jpeg',
        size: 100,
      })),
    );
    const response = await get(`/api/folder/${folderId}/delivery-report/view`);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Procès-verbal de livraison');
    expect(text).toContain('- Pare-brise posé et calibré × 1');
    expect(text).toContain(`Facture ${issued.number} : 420,00 € TTC.`);
    expect(text).toContain('Photos après travaux jointes au dossier : 2.');
    expect(text).toContain('Réserves du client');
  });

  it('signed with the customer’s reservations, or « Sans réserve. », into the folder’s documents', async () => {
    const withReserves = await deliver({
      signerName: 'Paul Garnier',
      accepted: true,
      reserves: 'Rayure sur le montant gauche',
      signature: PIXEL,
    });
    expect(withReserves.statusCode, withReserves.body).toBe(201);
    const document = folderDocumentSchema.parse(withReserves.json());
    expect(document).toMatchObject({
      typeFile: DELIVERY_REPORT_DOCUMENT_TYPE,
      name: 'Procès-verbal de livraison signé par Paul Garnier',
    });
    const file = await get(`/api/folder/${folderId}/documents/${document.id}/download`);
    expect(await pdfText(file.rawPayload)).toContain('Rayure sur le montant gauche');
    const clean = folderDocumentSchema.parse((await deliver({ signerName: 'Paul Garnier', accepted: true })).json());
    const cleanFile = await get(`/api/folder/${folderId}/documents/${clean.id}/download`);
    expect(await pdfText(cleanFile.rawPayload)).toContain('Sans réserve.');
  });

  it('signed offline on the phone: dated by the phone, recognised by its key when sent again, even twice at once', async () => {
    const documentsOf = async () =>
      (await app.db.select().from(folderDocuments).where(eq(folderDocuments.folderId, folderId))).length;
    const before = await documentsOf();
    const signedAt = new Date(Date.now() - 2 * 3600_000);
    const idempotencyKey = randomUUID();
    const payload = {
      signerName: 'Paul Garnier',
      accepted: true,
      signature: PIXEL,
      signedAt: signedAt.toISOString(),
      idempotencyKey,
    };
    const first = await deliver(payload);
    expect(first.statusCode, first.body).toBe(201);
    const document = folderDocumentSchema.parse(first.json());
    const file = await get(`/api/folder/${folderId}/documents/${document.id}/download`);
    expect(await pdfText(file.rawPayload)).toContain(
      `Signé électroniquement par Paul Garnier le ${formatParisDateTime(signedAt)}`,
    );
    // The answer was lost: sent again, the same document, nothing added.
    const again = await deliver(payload);
    expect([again.statusCode, again.json().id]).toEqual([200, document.id]);
    expect(await documentsOf()).toBe(before + 1);
    // Two signatures with their own keys are two documents; one key sent three times at once, one document.
    const both = await Promise.all([1, 2].map(() => deliver({ ...payload, idempotencyKey: randomUUID() })));
    expect(both.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const key = randomUUID();
    const racing = await Promise.all([1, 2, 3].map(() => deliver({ ...payload, idempotencyKey: key })));
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(racing.map((answer) => answer.json().id)).size).toBe(1);
    expect(await documentsOf()).toBe(before + 1 + both.length + 1);
    // Another garage sending that key reaches nothing.
    expect((await deliver(payload, other.cookie)).statusCode).toBe(404);
  });

  it('refuses a signature dated in the future or more than a month back, and a key that is no UUID', async () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const future = await deliver({ signerName: 'Paul Garnier', accepted: true, signedAt: at(3600_000) });
    expect([future.statusCode, future.json().message]).toEqual([400, SIGNED_AT_FUTURE]);
    const old = await deliver({ signerName: 'Paul Garnier', accepted: true, signedAt: at(-31 * 24 * 3600_000) });
    expect([old.statusCode, old.json().message]).toEqual([400, SIGNED_AT_TOO_OLD]);
    const key = await deliver({ signerName: 'Paul Garnier', accepted: true, idempotencyKey: 'abc' });
    expect([key.statusCode, key.json().message]).toEqual([400, 'Clé d’envoi invalide']);
  });

  it('refuses in French: not confirmed, reservations too long; another garage gets 404', async () => {
    const refused = await deliver({ signerName: 'Paul Garnier', accepted: false });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'Le client doit confirmer la reprise de son véhicule',
    ]);
    const long = await deliver({ signerName: 'Paul Garnier', accepted: true, reserves: 'x'.repeat(1001) });
    expect([long.statusCode, long.json().message]).toEqual([400, '1000 caractères au plus']);
    expect((await deliver({ signerName: 'X Y', accepted: true }, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/folder/${folderId}/delivery-report/view`, other.cookie)).statusCode).toBe(404);
  });
});
