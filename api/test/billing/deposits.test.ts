import {
  ACCOUNTING_PATHS,
  DEPOSIT_DRAFT_FIRST,
  DEPOSIT_NEEDS_QUOTE,
  DEPOSIT_NOT_WITH_DEDUCTIBLE,
  DEPOSIT_UNKNOWN,
  depositAlreadyDeducted,
  depositTooHigh,
  fiscalYearAround,
  monthOf,
  PERIOD_EXPORTS,
  parisToday,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf, fecRecords, lineSummary } from '../accounting/fec-file';
import { createTestApp, ownTestGarage } from '../helpers';
import { pdfFlatText } from '../pdf-text';
import { csvRecords } from './csv-records';
import { billing, body, line } from './fixtures';

/*
 * Deposits (acomptes): a deposit invoice on an issued quote, shared over its VAT rates, issued and paid like any
 * invoice (type 386 in its e-invoice); the final invoice takes every deposit off, once.
 */

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof ownTestGarage>>;
let docs: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  owner = await ownTestGarage(app);
  docs = billing(app, owner.cookie);
});
afterAll(() => app.close());

/** An issued quote of 600 € TTC at 20 % and 55 € TTC at 10 % (655 €), typed before tax or tax included. */
async function issuedQuote(taxInclusive = false) {
  const prices = taxInclusive ? ['600,00', '55,00'] : ['500,00', '50,00'];
  const id = await docs.create(
    'quotation',
    body({
      taxInclusive,
      lines: [
        line({ title: 'Pare-brise', preTaxAmount: prices[0] }),
        line({ title: 'Lave-glace', preTaxAmount: prices[1], taxRate: 10, position: 2 }),
      ],
    }),
  );
  return docs.issue(id);
}
const askDeposit = (quoteId: number, amount: string, cookie = owner.cookie) =>
  app.inject({ method: 'POST', url: `/api/quotation/${quoteId}/deposit`, headers: { cookie }, payload: { amount } });

describe('deposits', () => {
  it('bill part of an issued quote over its VAT rates, at most what is left, as a deposit invoice', async () => {
    const quote = await issuedQuote();
    const created = await askDeposit(quote.id, '200');
    expect(created.statusCode, created.body).toBe(201);
    const deposit = await docs.read(created.json().id);
    expect(deposit).toMatchObject({
      type: 'invoice',
      deposit: true,
      status: 'draft',
      sourceId: quote.id,
      taxInclusive: true,
      paymentTermDays: 0,
      totalAmount: 20_000,
    });
    // 200 € shared as the quote's 600 € and 55 €: 183,21 € at 20 %, the rest at 10 %.
    expect(deposit.lines.map((each) => [each.taxRate, each.unitPrice])).toEqual([
      [20, 18_321],
      [10, 1_679],
    ]);
    const tooHigh = await askDeposit(quote.id, '455,01');
    expect([tooHigh.statusCode, tooHigh.json().message]).toEqual([400, depositTooHigh(45_500)]);
    const draftQuote = await docs.create('quotation', body());
    expect((await askDeposit(draftQuote, '10')).json().message).toBe(DEPOSIT_NEEDS_QUOTE);

    const issued = await docs.issue(deposit.id);
    const pdf = await pdfFlatText((await docs.call('GET', `/api/quotation/${deposit.id}/pdf`)).rawPayload);
    expect(pdf).toContain('FACTURE D’ACOMPTE');
    expect(pdf).toContain(`Facture d’acompte sur le devis n° ${quote.number}, à déduire de la facture finale.`);
    const cii = await docs.call('GET', `/api/quotation/${issued.id}/einvoice?syntax=cii`);
    expect(cii.body).toContain('<ram:TypeCode>386</ram:TypeCode>');
  });

  it('are taken off the final invoice, once: a draft deposit first, never with a deductible split', async () => {
    const quote = await issuedQuote(true);
    const deposit = await docs.issue((await askDeposit(quote.id, '200')).json().id);
    const pending = (await askDeposit(quote.id, '50')).json().id as number;
    const early = await docs.call('POST', `/api/quotation/${quote.id}/invoice`, { deductible: null });
    expect([early.statusCode, early.json().message]).toEqual([409, DEPOSIT_DRAFT_FIRST]);
    expect((await docs.call('DELETE', `/api/quotation/${pending}`)).statusCode).toBe(204);
    const split = await docs.call('POST', `/api/quotation/${quote.id}/invoice`, { deductible: '50' });
    expect([split.statusCode, split.json().message]).toEqual([409, DEPOSIT_NOT_WITH_DEDUCTIBLE]);

    const [finalId] = await docs.invoice(quote.id);
    const final = await docs.read(finalId as number);
    const taken = final.lines.filter((each) => each.deductsDepositId === deposit.id);
    expect(taken.map((each) => [each.quantity, each.taxRate, each.unitPrice])).toEqual([
      [-1, 20, 18_321],
      [-1, 10, 1_679],
    ]);
    // Typed tax included, the final invoice is the quote less its deposits to the cent.
    expect(final.totalAmount).toBe(65_500 - 20_000);
    // Saved from the form, the lines keep what they take off.
    const resaved = await docs.call('PUT', `/api/quotation/${final.id}`, {
      ...body({ customer: final.customer, taxInclusive: true }),
      lines: final.lines.map((each) => ({
        title: each.title,
        quantity: each.quantity,
        preTaxAmount: (each.unitPrice / 100).toFixed(2),
        taxRate: each.taxRate,
        position: each.position,
        deductsDepositId: each.deductsDepositId,
      })),
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const issued = await docs.issue(final.id);
    expect(issued.lines.filter((each) => each.deductsDepositId === deposit.id)).toHaveLength(2);

    // A second invoice taking the same deposit off is refused at issue.
    const again = await docs.create(
      'invoice',
      body({
        taxInclusive: true,
        lines: [
          line({ title: 'Pare-brise', preTaxAmount: '600,00' }),
          {
            ...line({ title: 'Acompte', quantity: -1, preTaxAmount: '183,21', position: 2 }),
            deductsDepositId: deposit.id,
          },
        ],
      }),
    );
    const twice = await docs.call('POST', `/api/quotation/${again}/issue`);
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      depositAlreadyDeducted(deposit.number ?? '', issued.number ?? ''),
    ]);
  });

  it('refuse a line citing what is not one of the garage’s issued deposits, and keep another garage out', async () => {
    const quote = await issuedQuote();
    const plain = await docs.issue(await docs.create('invoice', body()));
    const refused = await docs.call(
      'POST',
      '/api/quotation/new/invoice',
      body({ lines: [{ ...line({ quantity: -1 }), deductsDepositId: plain.id }] }),
    );
    expect([refused.statusCode, refused.json().message]).toEqual([400, DEPOSIT_UNKNOWN]);
    const stranger = await ownTestGarage(app);
    expect((await askDeposit(quote.id, '10', stranger.cookie)).statusCode).toBe(404);
    expect((await docs.read(quote.id)).derived).toEqual([]);
  });

  it('are booked on the deposits received (4191), and the final invoice takes them back from it', async () => {
    const garage = await ownTestGarage(app);
    const own = billing(app, garage.cookie);
    const quoteId = await own.create(
      'quotation',
      body({ taxInclusive: true, lines: [line({ title: 'Pare-brise', preTaxAmount: '600,00' })] }),
    );
    const quote = await own.issue(quoteId);
    const created = await app.inject({
      method: 'POST',
      url: `/api/quotation/${quote.id}/deposit`,
      headers: { cookie: garage.cookie },
      payload: { amount: '120' },
    });
    const deposit = await own.issue(created.json().id);
    const paid = await own.call('POST', '/api/paiement', { invoiceId: deposit.id, amount: '120,00', type: 'card' });
    expect(paid.statusCode, paid.body).toBe(201);
    const [finalId] = await own.invoice(quote.id);
    const final = await own.issue(finalId as number);
    const file = await app.inject({
      method: 'GET',
      url: ACCOUNTING_PATHS.fec(garage.companyId, fiscalYearAround(parisToday(), 1)),
      headers: { cookie: garage.cookie },
    });
    const [depositEntry, finalEntry] = entriesOf(fecRecords(file.rawPayload), 'VT');
    // 120 € TTC: 100 € on 4191 and 20 € of VAT; the final 600 € less the deposit, goods and the deposit taken back.
    expect(depositEntry?.map(lineSummary)).toEqual(['411|411CLIENTESSAI|12000|0', '4191||0|10000', '445711||0|2000']);
    expect(finalEntry?.map(lineSummary)).toEqual([
      '411|411CLIENTESSAI|48000|0',
      '707||0|50000',
      '4191||10000|0',
      '445711||0|8000',
    ]);

    // The period exports say which invoice, and which payment, is a deposit's.
    const exported = async (kind: 'invoice' | 'payment') => {
      const query = new URLSearchParams({ ...monthOf(parisToday()), format: 'csv' });
      const csv = await own.call('GET', `${PERIOD_EXPORTS[kind].path}?${query}`);
      expect(csv.statusCode, csv.body).toBe(200);
      return csvRecords(csv.body);
    };
    const invoices = await exported('invoice');
    expect(invoices.map((row) => [row['N°'], row['Facture d’acompte']])).toEqual([
      [deposit.number, 'Oui'],
      [final.number, 'Non'],
    ]);
    expect((await exported('payment')).map((row) => [row.Facture, row['Facture d’acompte'], row.Montant])).toEqual([
      [deposit.number, 'Oui', '120,00'],
    ]);
  });
});
