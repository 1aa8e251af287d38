import { customerHistorySchema, documentMailsResponseSchema, VEHICLE_NOT_FOUND, vehicleHistorySchema } from 'contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, folderDocuments, folders, outbox } from '../../src/db/schema';
import { insertTestFolder } from '../../test-support/folder-fixture';
import { billing, body } from '../billing/fixtures';
import { createTestApp, login, ownTestGarage } from '../helpers';

/*
 * A customer's and a vehicle's past: the folders of one customer found by phone (however typed) or e-mail,
 * of one vehicle by plate (dashes and case ignored) or VIN, with their documents, payments and photos; another
 * garage's folders never in it, and another garage gets 404.
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let other: Awaited<ReturnType<typeof ownTestGarage>>;
const ids: Record<string, number> = {};
let invoiceId: number;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  other = await ownTestGarage(app);
  const add = async (key: string, companyId: number, values: Parameters<typeof insertTestFolder>[2]) => {
    ids[key] = (await insertTestFolder(app.db, companyId, values)).id;
  };
  await add('first', garage.companyId, {
    lastName: 'Berthier',
    firstName: 'Anne',
    phone: '06 11 00 22 33',
    email: 'anne.berthier@exemple.fr',
    plate: 'HH111HH',
    brand: 'Peugeot',
    model: '308',
    vin: 'VF3LBHNZ6JS000111',
  });
  await add('samePhone', garage.companyId, {
    lastName: 'Berthier',
    phone: '+33 6 11 00 22 33',
    email: null,
    plate: 'JJ222JJ',
  });
  await add('sameEmail', garage.companyId, {
    lastName: 'Berthier',
    phone: null,
    email: ' Anne.Berthier@exemple.fr',
    plate: 'KK333KK',
  });
  await add('stranger', garage.companyId, {
    lastName: 'Morel',
    phone: '06 99 88 77 66',
    email: null,
    plate: 'HH111HH',
  });
  await add('elsewhere', other.companyId, {
    lastName: 'Berthier',
    phone: '06 11 00 22 33',
    email: 'anne.berthier@exemple.fr',
    plate: 'HH111HH',
  });

  const docs = billing(app, garage.cookie);
  invoiceId = await docs.create('invoice', body({ folderId: ids.first }));
  await docs.issue(invoiceId);
  const paid = await docs.call('POST', '/api/paiement', { invoiceId, amount: '50,00', type: 'card' });
  expect(paid.statusCode, paid.body).toBe(201);
  await app.db.insert(folderDocuments).values({
    folderId: ids.first ?? 0,
    companyId: garage.companyId,
    name: 'Pare-brise posé',
    typeFile: 'Photo',
    fileName: 'apres.jpg',
    mimeType: 'image/jpeg',
    size: 1234,
  });
});

afterAll(() => app?.close());

const get = (url: string, cookie = garage.cookie) => app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET /api/customer/{folderId}', () => {
  it('gathers the folders sharing the phone (however typed) or the e-mail, their vehicles, invoices, payments and photos', async () => {
    const response = await get(`/api/customer/${ids.first}`);
    expect(response.statusCode, response.body).toBe(200);
    const history = customerHistorySchema.parse(response.json());
    expect(history.folders.map((folder) => folder.id).sort()).toEqual([ids.first, ids.samePhone, ids.sameEmail].sort());
    expect(history.vehicles.map((vehicle) => vehicle.plate).sort()).toEqual(['HH111HH', 'JJ222JJ', 'KK333KK']);
    expect(history.documents).toEqual([
      expect.objectContaining({
        id: invoiceId,
        folderId: ids.first,
        type: 'invoice',
        status: 'partial',
        paidAmount: 5000,
      }),
    ]);
    expect(history.payments).toEqual([
      expect.objectContaining({ invoiceId, amount: 5000, method: 'card', folderId: ids.first }),
    ]);
    expect(history.photos).toEqual([expect.objectContaining({ folderId: ids.first, name: 'Pare-brise posé' })]);
    // Contact details stay out of the answer.
    expect(response.body).not.toContain('exemple.fr');
    expect(response.body).not.toContain('0611002233');
  });

  it('is the caller’s garages only: another garage gets 404, and its folders are never in the past', async () => {
    expect((await get(`/api/customer/${ids.first}`, other.cookie)).statusCode).toBe(404);
    const theirs = customerHistorySchema.parse((await get(`/api/customer/${ids.elsewhere}`, other.cookie)).json());
    expect(theirs.folders.map((folder) => folder.id)).toEqual([ids.elsewhere]);
    expect(theirs.documents).toEqual([]);
    expect((await get('/api/customer/abc')).json().message).toBe('Identifiant de dossier invalide');
  });
});

describe('GET /api/vehicle/{plate}', () => {
  it('finds the vehicle by its plate with dashes and any case, or by its VIN, with its customers', async () => {
    for (const asked of ['hh-111-hh', 'HH111HH', 'vf3lbhnz6js000111']) {
      const response = await get(`/api/vehicle/${asked}`);
      expect(response.statusCode, `${asked}: ${response.body}`).toBe(200);
      const history = vehicleHistorySchema.parse(response.json());
      expect(history.vehicle).toEqual({ plate: 'HH111HH', vehicle: expect.any(String), vin: 'VF3LBHNZ6JS000111' });
    }
    const history = vehicleHistorySchema.parse((await get('/api/vehicle/HH-111-HH')).json());
    expect(history.folders.map((folder) => folder.id).sort()).toEqual([ids.first, ids.stranger].sort());
    expect(history.customers.map((customer) => customer.name).sort()).toEqual(['Berthier Anne', 'Morel Hélène']);
    expect(history.documents.map((document) => document.id)).toEqual([invoiceId]);
  });

  it('answers 404 in French for a vehicle none of the caller’s garages has seen, and keeps others out', async () => {
    const unknown = await get('/api/vehicle/ZZ-999-ZZ');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, VEHICLE_NOT_FOUND]);
    const theirs = vehicleHistorySchema.parse((await get('/api/vehicle/HH111HH', other.cookie)).json());
    expect(theirs.folders.map((folder) => folder.id)).toEqual([ids.elsewhere]);
    expect((await get('/api/vehicle/-')).statusCode).toBe(400);
  });

  it('is for whoever may open a folder: the accountant may not', async () => {
    const accountant = await login(app, 'comptable@demo.garage.fr');
    expect((await get('/api/vehicle/HH111HH', accountant)).statusCode).toBe(403);
  });
});

describe('the demo’s returning customer', () => {
  it('Claire Fontaine: three folders over two cars in Lyon, each with its signed work order', async () => {
    const admin = await login(app, 'poseur.admin@demo.garage.fr');
    const [first] = await app.db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.lastName, 'Fontaine'), eq(folders.phone, '0612345678')))
      .limit(1);
    const history = customerHistorySchema.parse((await get(`/api/customer/${first?.id}`, admin)).json());
    expect(history.customer.name).toBe('Mme Fontaine Claire');
    expect(history.folders).toHaveLength(3);
    expect(history.vehicles.map((vehicle) => vehicle.plate).sort()).toEqual(['FK482TL', 'GD915RM']);
    // Her quotes and invoices: a quote turned into its invoice, an invoice, a quote waiting for her answer.
    expect(history.documents.map((document) => `${document.type} ${document.status}`).sort()).toEqual([
      'invoice issued',
      'invoice issued',
      'quotation invoiced',
      'quotation issued',
    ]);
    const papers = await app.db
      .select({ typeFile: folderDocuments.typeFile })
      .from(folderDocuments)
      .where(
        inArray(
          folderDocuments.folderId,
          history.folders.map((folder) => folder.id),
        ),
      );
    expect(papers.filter((paper) => paper.typeFile === 'Ordre de réparation')).toHaveLength(3);
  });

  it('her documents were sent by e-mail: one sent, one to retry, one given up then sent again', async () => {
    const admin = await login(app, 'poseur.admin@demo.garage.fr');
    const mine = await app.db
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .innerJoin(folders, eq(folders.id, billingDocuments.folderId))
      .where(and(eq(folders.lastName, 'Fontaine'), eq(folders.phone, '0612345678')));
    const statuses: string[] = [];
    for (const { id } of mine) {
      const response = await get(`/api/quotation/${id}/mails`, admin);
      expect(response.statusCode).toBe(200);
      statuses.push(...documentMailsResponseSchema.parse(response.json()).data.map((mail) => mail.status));
    }
    expect(statuses.sort()).toEqual(['failed', 'retrying', 'sent', 'sent']);
    // Sent mails keep no attachment bytes; none waits to be sent by a demo started with SMTP_URL.
    const rows = await app.db
      .select({ sentAt: outbox.sentAt, attachment: outbox.attachment, lastError: outbox.lastError })
      .from(outbox)
      .where(
        inArray(
          outbox.documentId,
          mine.map((row) => row.id),
        ),
      );
    expect(rows.filter((row) => row.sentAt !== null).every((row) => row.attachment === null)).toBe(true);
    expect(rows.filter((row) => row.sentAt === null && row.lastError === null)).toEqual([]);
  });
});
