import { CASH_LIMIT_CENTS, documentSchema, formatEurosText, INVOICE_SETTLE_ONLY_INVOICE, parisToday } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema';
import { createTestApp, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';
import { billing, body, line } from './fixtures';

/*
 * A receipted invoice (« facture acquittée »): paid in full at the desk as it is issued, in one call. Its payment is
 * recorded in the issue's transaction; its PDF says when and how it was paid and asks for nothing more; a refused
 * payment (a means the rules refuse) leaves the draft as it was.
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;

const today = parisToday().split('-').reverse().join('/');

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  api = billing(app, garage.cookie);
});
afterAll(() => app.close());

const settle = (id: number, method: string, extra: object = {}) =>
  api.call('POST', `/api/quotation/${id}/issue`, { settle: { method }, ...extra });

describe('an invoice paid as it is issued', () => {
  it('is issued paid, its payment recorded; its PDF says « Acquittée » and asks a private customer for nothing', async () => {
    const draft = await api.create('invoice', body({ paymentTermDays: 0, lines: [line({ preTaxAmount: '50,00' })] }));
    const response = await settle(draft, 'card');
    expect(response.statusCode, response.body).toBe(200);
    const invoice = documentSchema.parse(response.json());
    expect(invoice).toMatchObject({ status: 'paid', paidAtIssue: 'card', paidAmount: invoice.totalAmount });
    const recorded = await app.db.select().from(payments).where(eq(payments.invoiceId, draft));
    expect(recorded).toMatchObject([{ amount: invoice.totalAmount, method: 'card', paidOn: parisToday() }]);

    const pdf = await api.call('GET', `/api/quotation/${draft}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Facture acquittée le ${today}, réglée par carte bancaire.`);
    expect(text).toContain('Déjà réglé');
    expect(text).toMatch(/Net à payer\s*0,00\s*€/);
    expect(text).not.toContain('Conditions de paiement');
    expect(text).not.toContain('Pénalités de retard');
    expect(text).not.toContain('IBAN');
  });

  it('keeps the late-payment mentions a business buyer’s invoice must carry', async () => {
    const draft = await api.create(
      'invoice',
      body({ customer: { name: 'Taxis Lyonnais', isBusiness: true, siren: '552100554' } }),
    );
    const response = await settle(draft, 'transfer');
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText((await api.call('GET', `/api/quotation/${draft}/pdf`)).rawPayload);
    expect(text).toContain(`Facture acquittée le ${today}, réglée par virement.`);
    expect(text).toContain('Pénalités de retard');
    expect(text).toContain(`Indemnité forfaitaire pour frais de recouvrement : ${formatEurosText(4_000)}`);
  });

  it('is refused for anything but an invoice, the draft left as it was', async () => {
    const quote = await api.create('quotation', body());
    const response = await settle(quote, 'card');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INVOICE_SETTLE_ONLY_INVOICE);
    expect((await api.read(quote)).status).toBe('draft');
  });

  it('follows the cash rules: over the ceiling, nothing is issued and no number is taken', async () => {
    const over = (CASH_LIMIT_CENTS + 100) / 100;
    const draft = await api.create(
      'invoice',
      body({ taxInclusive: true, lines: [line({ preTaxAmount: `${over},00` })] }),
    );
    const response = await settle(draft, 'cash');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toMatch(/espèces/i);
    const after = await api.read(draft);
    expect(after).toMatchObject({ status: 'draft', number: null, paidAmount: 0, paidAtIssue: null });
    expect(await app.db.select().from(payments).where(eq(payments.invoiceId, draft))).toEqual([]);
    // Paid by card instead, it is issued with the next number: the refused attempt left no gap.
    const card = await settle(draft, 'card');
    expect(card.statusCode, card.body).toBe(200);
  });

  it('saves what was typed, issues and settles in the one call', async () => {
    const draft = await api.create('invoice', body());
    const response = await settle(draft, 'cheque', {
      draft: body({ paymentTermDays: 0, lines: [line({ title: 'Balais', preTaxAmount: '30,00' })] }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = documentSchema.parse(response.json());
    expect(invoice.lines.map((each) => each.title)).toEqual(['Balais']);
    expect(invoice).toMatchObject({ status: 'paid', paidAtIssue: 'cheque', paidAmount: 3_600 });
  });

  it('is out of reach of another garage: 404, nothing issued', async () => {
    const draft = await api.create('invoice', body());
    const other = await ownTestGarage(app);
    const response = await billing(app, other.cookie).call('POST', `/api/quotation/${draft}/issue`, {
      settle: { method: 'card' },
    });
    expect(response.statusCode).toBe(404);
    expect((await api.read(draft)).status).toBe('draft');
  });
});
