import { DOCUMENT_COLUMNS, FOLDER_LIST_COLUMNS, folderSearchResponseSchema, PAYMENT_COLUMNS } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, body, line } from '../billing/fixtures';
import { createFolder } from '../folders/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';

/*
 * The one search: accents, case and word order do not matter; a plate with or without dashes or spaces,
 * a phone in any format, claim and policy numbers find their folder, in the lists, the top bar, the invoices and the
 * payments; never another garage's.
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let other: Awaited<ReturnType<typeof ownTestGarage>>;
let lefevre: { id: number };
let durand: { id: number };

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  [garage, other] = await Promise.all([ownTestGarage(app), ownTestGarage(app)]);
  lefevre = await createFolder(app, garage.companyId, {
    lastName: 'Lefèvre',
    firstName: 'Éloïse',
    plate: 'GF542DH',
    phone: '0678123456',
  });
  durand = await createFolder(app, garage.companyId, {
    lastName: 'Durand',
    firstName: 'Sophie',
    plate: 'AB123CD',
    claimNumber: 'SIN-2026-4471',
    policyNumber: 'POL-88-1203',
  });
  // The same names in another garage: never found from this one.
  await createFolder(app, other.companyId, { lastName: 'Lefèvre', firstName: 'Éloïse', plate: 'GF542DH' });
});
afterAll(() => app.close());

const topBar = async (term: string) =>
  folderSearchResponseSchema
    .parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/folder/app/search',
          headers: { cookie: garage.cookie },
          payload: { companyId: garage.companyId, search: term },
        })
      ).json(),
    )
    .folders.map((folder) => folder.id);

const listed = async (url: string, columns: readonly string[], term: string) => {
  const query = new URLSearchParams({ search: term, columnsMap: JSON.stringify(columns), pageSize: '100' });
  const answer = await app.inject({ method: 'GET', url: `${url}?${query}`, headers: { cookie: garage.cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { id: number; folderId?: number | null; invoiceId?: number }[];
};

describe('the folder search', () => {
  const cases: [string, () => { id: number }][] = [
    ['lefevre', () => lefevre],
    ['LEFÈVRE', () => lefevre],
    ['eloise lefevre', () => lefevre],
    ['sophie durand', () => durand],
    ['Durand Sophie', () => durand],
    ['gf542dh', () => lefevre],
    ['GF 542 DH', () => lefevre],
    ['GF-542-DH', () => lefevre],
    ['06 78 12 34 56', () => lefevre],
    ['06.78.12.34.56', () => lefevre],
    ['sin-2026-4471', () => durand],
    ['pol 88 1203', () => durand],
  ];
  for (const [typed, folder] of cases) {
    it(`« ${typed} » finds its folder, in the top bar and the list, and only in this garage`, async () => {
      const found = await topBar(typed);
      expect(found).toEqual([folder().id]);
      const rows = await listed('/api/folder/list/all', FOLDER_LIST_COLUMNS, typed);
      expect(rows.map((row) => row.id)).toEqual([folder().id]);
    });
  }

  it('every word must be found: a name with another’s plate finds nothing', async () => {
    expect(await topBar('durand gf542dh')).toEqual([]);
  });

  it('wildcards are typed literally', async () => {
    expect(await topBar('%')).toEqual([]);
    expect(await topBar('_')).toEqual([]);
  });
});

describe('invoices and payments are found by their folder', () => {
  it('by plate, claim number and accent-free name', async () => {
    const api = billing(app, garage.cookie);
    const invoice = await api.issue(
      await api.create('invoice', body({ folderId: durand.id, customer: { name: 'Sophie Durand' }, lines: [line()] })),
    );
    const paid = await api.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '10,00', type: 'card' });
    expect(paid.statusCode).toBe(201);
    for (const typed of [
      'AB-123-CD',
      'sin 2026 4471',
      'durand',
      invoice.number ?? '',
      (invoice.number ?? '').replace(/-/g, ''),
    ]) {
      const invoices = await listed('/api/quotation/list/invoice', DOCUMENT_COLUMNS, typed);
      expect(
        invoices.map((row) => row.id),
        typed,
      ).toContain(invoice.id);
      const payments = await listed('/api/paiement/list', PAYMENT_COLUMNS, typed);
      expect(
        payments.map((row) => row.invoiceId),
        typed,
      ).toContain(invoice.id);
    }
    expect(await listed('/api/quotation/list/invoice', DOCUMENT_COLUMNS, 'lefevre')).toEqual([]);
  });
});
