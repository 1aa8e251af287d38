import { ACCOUNTING_PATHS, fiscalYearAround, parisToday, VAT_EXEMPTION_REASONS } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../src/db/schema';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';
import { entriesOf, fecRecords, lineSummary } from './fec-file';

/*
 * The entries an accountant expects, written out by hand: a débours is never a sale (467), and a garage that opted
 * for VAT on debits owes its labour's VAT at invoicing (44571x, nothing waits on 44574, no transfer at payment).
 */

let app: FastifyInstance;
const year = fiscalYearAround(parisToday(), 1);

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

async function garageFec(owner: Awaited<ReturnType<typeof ownTestGarage>>) {
  const file = await app.inject({
    method: 'GET',
    url: ACCOUNTING_PATHS.fec(owner.companyId, year),
    headers: { cookie: owner.cookie },
  });
  expect(file.statusCode, file.body).toBe(200);
  return fecRecords(file.rawPayload);
}

describe('the entries of a débours and of the debit option', () => {
  it('books a 0 % débours line on 467, never in sales, and its labour’s VAT waits for payment', async () => {
    const owner = await ownTestGarage(app);
    const docs = billing(app, owner.cookie);
    await docs.issue(
      await docs.create(
        'invoice',
        body({
          customer: { name: 'Léa Dupré' },
          exemptionReason: VAT_EXEMPTION_REASONS[0],
          lines: [
            line({ title: 'Pose pare-brise', quantity: 2, preTaxAmount: '50,00', unit: 'HUR' }),
            line({ title: 'Carte grise avancée pour le client', preTaxAmount: '45,76', taxRate: 0, position: 2 }),
          ],
        }),
      ),
    );
    const [sale, ...rest] = entriesOf(await garageFec(owner), 'VT');
    expect(rest).toEqual([]);
    expect(sale?.map(lineSummary)).toEqual(['411|411LEADUPRE|16576|0', '706||0|10000', '467||0|4576', '44574||0|2000']);
  });

  it('with the debit option, books the labour’s VAT as collected at invoicing and moves nothing at payment', async () => {
    const owner = await ownTestGarage(app);
    await app.db.update(companies).set({ vatOnDebits: true }).where(eq(companies.id, owner.companyId));
    const docs = billing(app, owner.cookie);
    const invoice = await docs.issue(
      await docs.create(
        'invoice',
        body({
          customer: { name: 'Léa Dupré' },
          lines: [line({ title: 'Pose pare-brise', preTaxAmount: '100,00', unit: 'HUR' })],
        }),
      ),
    );
    const paid = await docs.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '120,00', type: 'card' });
    expect(paid.statusCode, paid.body).toBe(201);
    const records = await garageFec(owner);
    expect(entriesOf(records, 'VT').map((entry) => entry.map(lineSummary))).toEqual([
      ['411|411LEADUPRE|12000|0', '706||0|10000', '445711||0|2000'],
    ]);
    expect(entriesOf(records, 'BQ').map((entry) => entry.map(lineSummary))).toEqual([
      ['512||12000|0', '411|411LEADUPRE|0|12000'],
    ]);
  });
});
