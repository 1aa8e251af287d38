import {
  type Import,
  importSchema,
  insurerInvoiceSchema,
  insurerReceivablesSchema,
  openingBalanceListSchema,
  parisToday,
  recoveryRowSchema,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billingDocuments, insurers } from '../src/db/schema';
import { journalBook, journalLines } from '../src/modules/accounting/journal-book';
import { createTestApp, multipart, ownTestGarage } from './helpers';

/*
 * The former software's unpaid invoices brought as opening balances: never an invoice of the garage (no number of
 * its series, no sale, no page), but owed, followed in « Recouvrements » and « Créances assureurs », paid like an
 * invoice, booked once in the AN journal; a second import changes nothing, an undo stops once money was received.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

type Garage = { companyId: number; cookie: string };

const HEADER = 'N° facture;Date;Échéance;Client;Code client;Assureur;N° sinistre;Immat.;Montant TTC;Reste dû';
const LINES = [
  'FA2024-001;15/03/2024;14/04/2024;Lefèvre Hélène;C001;;;AB-123-CD;1 200,00;450,00',
  'FA2024-002;02/05/2024;;Benoît Zoé;;maif;SIN-77;EF-456-GH;980,50 €;980,50',
  'FA2024-003;31/02/2024;;Garnier Luc;;;;;100,00;100,00',
  'FA2024-004;10/01/2024;;Roux;;;;;300;0',
  'FA2024-005;10/01/2024;;Martin;;Assurances Inconnues;;;300;300',
  'FA2024-001;15/03/2024;;Lefèvre Hélène;;;;;1 200,00;450,00',
];
/** The export as French garage software writes it: Windows-1252, semicolons, CRLF. */
const csv = (lines = LINES) => Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`.replaceAll('€', '\x80'), 'latin1');

async function upload(garage: Garage, bytes: Buffer): Promise<Import> {
  const form = await multipart({ kind: 'receivables', file: new Blob([new Uint8Array(bytes)]) }, 'impayes.csv');
  const response = await app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...form.headers, cookie: garage.cookie },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return importSchema.parse(response.json());
}
const act = async (garage: Garage, draft: Import, action: 'check' | 'run') => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/imports/${draft.id}/${action}`,
    headers: { cookie: garage.cookie },
    payload: { mapping: draft.mapping },
  });
  expect(response.statusCode, response.body).toBe(200);
  return importSchema.parse(response.json());
};
const get = (garage: Garage, url: string) => app.inject({ method: 'GET', url, headers: { cookie: garage.cookie } });
const pay = (garage: Garage, invoiceId: number, amount: string) =>
  app.inject({
    method: 'POST',
    url: '/api/paiement',
    headers: { cookie: garage.cookie },
    payload: { invoiceId, amount, type: 'transfer' },
  });
const balances = (companyId: number) =>
  app.db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.companyId, companyId), eq(billingDocuments.type, 'opening-balance')));

/** A garage that knows MAIF (its insurer directory), as the import asks. */
async function garageWithMaif(): Promise<Garage> {
  const garage = await ownTestGarage(app);
  await app.db.insert(insurers).values({
    companyId: garage.companyId,
    shortName: 'MAIF',
    legalName: 'Mutuelle assurance des instituteurs de France',
    siren: '775709702',
    email: 'sinistres@maif.example',
  });
  return garage;
}

async function imported(garage: Garage) {
  const draft = await upload(garage, csv());
  return { draft, done: await act(garage, draft, 'run') };
}

describe('unpaid invoices of the former software, as opening balances', () => {
  it('guesses the columns, refuses each bad row with its line and reason, and a dry run writes nothing', async () => {
    const garage = await garageWithMaif();
    const draft = await upload(garage, csv());
    expect(draft.mapping).toMatchObject({
      invoiceNumber: 0,
      invoiceDate: 1,
      dueDate: 2,
      debtorName: 3,
      externalId: 4,
      insurer: 5,
      claimNumber: 6,
      plate: 7,
      totalAmount: 8,
      amountDue: 9,
    });
    const checked = await act(garage, draft, 'check');
    expect(checked.counts).toEqual({ rows: 6, created: 2, updated: 0, unchanged: 0, refused: 4 });
    expect(checked.refusals).toEqual([
      { line: 4, reason: 'Date de facture illisible : « 31/02/2024 » (attendu JJ/MM/AAAA)' },
      { line: 5, reason: 'Reste dû nul ou négatif : la facture est soldée, rien à reprendre' },
      {
        line: 6,
        reason:
          'Assureur « Assurances Inconnues » inconnu du garage : ajoutez-le dans « Assureurs » (ou importez vos assureurs) puis vérifiez à nouveau',
      },
      { line: 7, reason: 'N° de facture déjà présent ligne 2' },
    ]);
    expect(await balances(garage.companyId)).toEqual([]);
  });

  it('saves what is still owed, by the customer or the insurer, under the former number: never an invoice', async () => {
    const garage = await garageWithMaif();
    const { done } = await imported(garage);
    expect(done.counts).toMatchObject({ created: 2, refused: 4 });
    const saved = await balances(garage.companyId);
    expect(saved.map((row) => [row.number, row.billTo, row.totalAmount, row.dueDate, row.status]).sort()).toEqual([
      ['ANC-FA2024-001', 'customer', 45_000, '2024-04-14', 'issued'],
      // No due date in the file: 30 days after the invoice (C. com. L441-10).
      ['ANC-FA2024-002', 'insurer', 98_050, '2024-06-01', 'issued'],
    ]);
    const insurerBalance = saved.find((row) => row.billTo === 'insurer');
    expect(insurerBalance?.customer).toMatchObject({
      name: 'Mutuelle assurance des instituteurs de France',
      siren: '775709702',
    });
    expect(insurerBalance?.buyerReference).toBe('SIN-77');
    // No document page: its original is in the former software.
    expect((await get(garage, `/api/quotation/${insurerBalance?.id}`)).statusCode).toBe(404);
    // Not a sale: the sales journal holds nothing.
    const today = parisToday();
    const book = await journalBook(app.db, garage.companyId, { from: today, to: today });
    expect(book.entries.filter((entry) => entry.journal === 'VT')).toEqual([]);
  });

  it('shows them in the recoveries and the insurer receivables, and the payment form finds them', async () => {
    const garage = await garageWithMaif();
    await imported(garage);
    const recoveries = z
      .object({ data: z.array(recoveryRowSchema) })
      .parse((await get(garage, '/api/recovery/list/all?page=1&pageSize=20')).json());
    expect(recoveries.data.map((row) => [row.documentNumber, row.openingBalance, row.amountDue, row.tab])).toEqual(
      expect.arrayContaining([
        ['ANC-FA2024-001', true, 45_000, 'a_relancer'],
        ['ANC-FA2024-002', true, 98_050, 'a_relancer'],
      ]),
    );
    const receivables = insurerReceivablesSchema.parse(
      (await get(garage, '/api/paiement/receivables/insurers')).json(),
    );
    const maif = receivables.insurers.find((entry) => entry.siren === '775709702');
    expect(maif).toMatchObject({ due: 98_050 });
    const invoices = z
      .array(insurerInvoiceSchema)
      .parse(
        (
          await get(
            garage,
            `/api/paiement/receivables/insurers/invoices?insurer=${encodeURIComponent(maif?.insurer ?? '')}&siren=775709702`,
          )
        ).json(),
      );
    expect(invoices.map((row) => [row.number, row.openingBalance, row.claimNumber, row.due])).toEqual([
      ['ANC-FA2024-002', true, 'SIN-77', 98_050],
    ]);
    const found = openingBalanceListSchema.parse(
      (await get(garage, '/api/paiement/opening-balances?search=lefevre')).json(),
    );
    expect(found.data.map((row) => [row.number, row.customer, row.totalAmount])).toEqual([
      ['ANC-FA2024-001', 'Lefèvre Hélène', 45_000],
    ]);
  });

  it('takes payments like an invoice, books AN then the receipt on the same account, and keeps what was paid on', async () => {
    const garage = await garageWithMaif();
    const { draft } = await imported(garage);
    const [customerBalance] = (await balances(garage.companyId)).filter((row) => row.billTo === 'customer');
    if (!customerBalance) throw new Error('no balance');
    // Two payments at once over what is due: the row lock lets one through.
    const attempts = await Promise.all([
      pay(garage, customerBalance.id, '300,00'),
      pay(garage, customerBalance.id, '300,00'),
    ]);
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await pay(garage, customerBalance.id, '150,00')).statusCode).toBe(201);
    const [settled] = (await balances(garage.companyId)).filter((row) => row.id === customerBalance.id);
    expect(settled).toMatchObject({ paidAmount: 45_000, status: 'paid' });

    const today = parisToday();
    const lines = journalLines((await journalBook(app.db, garage.companyId, { from: today, to: today })).entries);
    const opening = lines.filter((line) => line.journal === 'AN' && line.pieceRef === 'ANC-FA2024-001');
    expect(opening.map((line) => [line.account, line.debit, line.credit])).toEqual([
      ['411', 45_000, 0],
      ['4718', 0, 45_000],
    ]);
    const receipts = lines.filter((line) => line.journal === 'BQ' && line.pieceRef === 'ANC-FA2024-001');
    const customerAccount = opening[0]?.auxAccount;
    expect(customerAccount).toMatch(/^411/);
    expect(receipts.filter((line) => line.credit > 0).map((line) => [line.auxAccount, line.credit])).toEqual([
      [customerAccount, 30_000],
      [customerAccount, 15_000],
    ]);

    // Money received on it: the import is no longer undone, and a file that changes that balance is refused for it.
    const undone = await app.inject({
      method: 'POST',
      url: `/api/imports/${draft.id}/undo`,
      headers: { cookie: garage.cookie },
    });
    expect(undone.statusCode).toBe(409);
    const changed = LINES.slice(0, 2).map((line) =>
      line.replace(';450,00', ';500,00').replace(';980,50 €;980,50', ';980,50 €;900,00'),
    );
    const again = await act(garage, await upload(garage, csv(changed)), 'run');
    expect(again.counts).toMatchObject({ created: 0, updated: 1, unchanged: 0, refused: 1 });
    expect(again.refusals).toEqual([
      {
        line: 2,
        reason: 'Facture FA2024-001 : un règlement ou une relance porte déjà sur ce solde, l’import ne le modifie plus',
      },
    ]);
    const insurerBalance = (await balances(garage.companyId)).find((row) => row.billTo === 'insurer');
    expect(insurerBalance?.totalAmount).toBe(90_000);
  });

  it('a second import of the same file changes nothing, and an import nothing was paid on is undone whole', async () => {
    const garage = await garageWithMaif();
    const { draft } = await imported(garage);
    const second = await act(garage, await upload(garage, csv()), 'run');
    expect(second.counts).toEqual({ rows: 6, created: 0, updated: 0, unchanged: 2, refused: 4 });
    for (const id of [second.id, draft.id]) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/imports/${id}/undo`,
        headers: { cookie: garage.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await balances(garage.companyId)).toEqual([]);
  });

  it('keeps each garage’s balances to itself', async () => {
    const owner = await garageWithMaif();
    const other = await garageWithMaif();
    await imported(owner);
    const [balance] = await balances(owner.companyId);
    if (!balance) throw new Error('no balance');
    const seen = openingBalanceListSchema.parse((await get(other, '/api/paiement/opening-balances')).json());
    expect(seen.data).toEqual([]);
    const recoveries = z
      .object({ data: z.array(recoveryRowSchema) })
      .parse((await get(other, '/api/recovery/list/all?page=1&pageSize=50')).json());
    expect(recoveries.data.filter((row) => row.documentNumber.startsWith('ANC-'))).toEqual([]);
    expect((await pay(other, balance.id, '10,00')).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/recovery/open/${balance.id}`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
  });
});
