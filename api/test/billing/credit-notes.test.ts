import {
  CREDIT_NOTE_FROM_INVOICE_ONLY,
  CREDIT_NOTE_FULLY_CREDITED,
  CREDIT_NOTE_NEGATIVE_ONLY,
  CREDIT_NOTE_REASON_REQUIRED,
  creditNoteExceeds,
  creditNoteRateUnknown,
  invoiceBalance,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments } from '../../src/db/schema';
import { createTestApp, login } from '../helpers';
import { pdfText } from '../pdf-text';
import { billing, body, line } from './fixtures';

/*
 * Credit notes bound to their invoice (CGI art. 242 nonies A and 289): made only from an issued invoice,
 * with a reason, its buyer and rates kept, negative amounts only, never more than the invoice holds.
 */

let app: FastifyInstance;
let admin: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await createTestApp();
  admin = billing(app, await login(app, 'poseur.admin@demo.garage.fr'));
});
afterAll(() => app.close());

/** An issued invoice of 10 × 100,00 € HT at 20 % and 1 × 50,00 € HT at 5,5 %. */
async function issuedInvoice() {
  const id = await admin.create(
    'invoice',
    body({
      customer: { name: 'Sophie Durand' },
      lines: [
        line({ title: 'Balais', quantity: 10, preTaxAmount: '100,00', taxRate: 20 }),
        line({ title: 'Forfait', quantity: 1, preTaxAmount: '50,00', taxRate: 5.5, position: 2 }),
      ],
    }),
  );
  return admin.issue(id);
}
const creditDraft = async (invoiceId: number, reason = 'Geste commercial') => {
  const response = await admin.call('POST', `/api/quotation/${invoiceId}/credit-note`, { reason });
  expect(response.statusCode, response.body).toBe(201);
  return admin.read(response.json().id);
};
/** Saves the credit note's lines as `lines` (its other fields as they are). */
const saveLines = (creditId: number, lines: ReturnType<typeof line>[], extra: object = {}) =>
  admin.call('PUT', `/api/quotation/${creditId}`, body({ lines, ...extra }));
const issue = (id: number) => admin.call('POST', `/api/quotation/${id}/issue`);

describe('credit notes bound to their invoice', () => {
  it('exist only as the correction of an issued invoice, with a reason', async () => {
    const alone = await admin.call('POST', '/api/quotation/new/credit-note', body({ lines: [line({ quantity: -1 })] }));
    expect([alone.statusCode, alone.json().message]).toEqual([400, CREDIT_NOTE_FROM_INVOICE_ONLY]);
    const invoice = await issuedInvoice();
    const noReason = await admin.call('POST', `/api/quotation/${invoice.id}/credit-note`, { reason: '  ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, CREDIT_NOTE_REASON_REQUIRED]);
    const credit = await creditDraft(invoice.id, 'Balais non posés');
    expect(credit).toMatchObject({
      creditReason: 'Balais non posés',
      sourceId: invoice.id,
      customer: invoice.customer,
    });
  });

  it('keep the invoice’s buyer and rates, and take amounts off only', async () => {
    const invoice = await issuedInvoice();
    const credit = await creditDraft(invoice.id);
    // Another buyer typed in the form does not stick: a credit note is addressed to the invoice's buyer.
    const saved = await saveLines(credit.id, [line({ title: 'Balais', quantity: -2, taxRate: 20 })], {
      customer: { name: 'Autre Acheteur' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await admin.read(credit.id)).customer.name).toBe('Sophie Durand');
    const positive = await saveLines(credit.id, [line({ quantity: 1, taxRate: 20 })]);
    expect([positive.statusCode, positive.json().message]).toEqual([400, CREDIT_NOTE_NEGATIVE_ONLY]);
    const otherRate = await saveLines(credit.id, [line({ quantity: -1, taxRate: 10 })]);
    expect([otherRate.statusCode, otherRate.json().message]).toEqual([400, creditNoteRateUnknown(10)]);
    // Refused saves changed nothing.
    expect((await admin.read(credit.id)).lines.map((each) => each.quantity)).toEqual([-2]);
  });

  it('credit an invoice in two steps up to its total; more is refused, and the invoice nets them', async () => {
    const invoice = await issuedInvoice();
    const original = (await admin.call('GET', `/api/quotation/${invoice.id}/pdf`)).rawPayload;
    const first = await creditDraft(invoice.id);
    expect((await saveLines(first.id, [line({ title: 'Balais', quantity: -4, taxRate: 20 })])).statusCode).toBe(200);
    // A second draft over the whole invoice, made before the first is issued.
    const whole = await creditDraft(invoice.id, 'Annulation');
    const spare = await creditDraft(invoice.id, 'Doublon de saisie');
    expect((await issue(first.id)).statusCode).toBe(200);
    let after = await admin.read(invoice.id);
    expect(after).toMatchObject({ status: 'issued', creditedAmount: 48_000 });
    expect(invoiceBalance(after)).toBe(invoice.totalAmount - 48_000);

    const tooMuch = await issue(whole.id);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(creditNoteExceeds(invoice.number ?? '', 20, 60_000));
    expect((await admin.read(whole.id)).status).toBe('draft');

    const rest = await saveLines(whole.id, [
      line({ title: 'Balais', quantity: -6, taxRate: 20 }),
      line({ title: 'Forfait', quantity: -1, preTaxAmount: '50,00', taxRate: 5.5, position: 2 }),
    ]);
    expect(rest.statusCode).toBe(200);
    expect((await issue(whole.id)).statusCode).toBe(200);
    after = await admin.read(invoice.id);
    expect(after).toMatchObject({ status: 'credited', creditedAmount: invoice.totalAmount });
    expect(invoiceBalance(after)).toBe(0);
    expect(after.derived.filter((each) => each.type === 'credit-note').map((each) => each.status)).toEqual([
      'issued',
      'issued',
      'draft',
    ]);
    const third = await admin.call('POST', `/api/quotation/${invoice.id}/credit-note`, { reason: 'Encore' });
    expect([third.statusCode, third.json().message]).toEqual([409, CREDIT_NOTE_FULLY_CREDITED]);
    // A draft made earlier cannot be issued any more.
    const spareIssue = await issue(spare.id);
    expect([spareIssue.statusCode, spareIssue.json().message]).toEqual([409, CREDIT_NOTE_FULLY_CREDITED]);
    // A fully credited invoice takes no payment.
    const payment = await admin.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '1,00', type: 'card' });
    expect(payment.statusCode).toBeGreaterThanOrEqual(400);

    // The invoice's original is not redrawn: its credit notes are documents of their own.
    const pdf = await admin.call('GET', `/api/quotation/${invoice.id}/pdf`);
    expect(Buffer.compare(pdf.rawPayload, original)).toBe(0);
    expect(await pdfText(pdf.rawPayload)).toMatch(/Net à payer\s+1 252,75 €/);
  });

  it('twenty credit notes issued at once on one invoice never take more than it holds', async () => {
    const id = await admin.create(
      'invoice',
      body({ lines: [line({ title: 'Balais', quantity: 10, preTaxAmount: '10,00', taxRate: 20 })] }),
    );
    const invoice = await admin.issue(id);
    const drafts: number[] = [];
    for (let index = 0; index < 20; index++) {
      const credit = await creditDraft(id, `Retour ${index + 1}`);
      expect(
        (await saveLines(credit.id, [line({ title: 'Balais', quantity: -1, preTaxAmount: '10,00', taxRate: 20 })]))
          .statusCode,
      ).toBe(200);
      drafts.push(credit.id);
    }
    const outcomes = await Promise.all(drafts.map((draft) => issue(draft)));
    const codes = outcomes.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(10);
    const [row] = await app.db
      .select({
        credited: billingDocuments.creditedAmount,
        total: billingDocuments.totalAmount,
        status: billingDocuments.status,
      })
      .from(billingDocuments)
      .where(eq(billingDocuments.id, id));
    expect(row).toEqual({ credited: invoice.totalAmount, total: invoice.totalAmount, status: 'credited' });
  });

  it('payments stop at what is due after credit notes; a credit after payment shows a refund owed', async () => {
    const invoice = await issuedInvoice();
    const credit = await creditDraft(invoice.id);
    await saveLines(credit.id, [line({ title: 'Balais', quantity: -5, taxRate: 20 })]);
    await issue(credit.id);
    const due = invoiceBalance(await admin.read(invoice.id));
    const pay = (cents: number, invoiceId = invoice.id) =>
      admin.call('POST', '/api/paiement', {
        invoiceId,
        amount: (cents / 100).toFixed(2).replace('.', ','),
        type: 'transfer',
      });
    expect((await pay(due + 1)).statusCode).toBe(409);
    expect((await pay(due)).statusCode).toBe(201);
    expect((await admin.read(invoice.id)).status).toBe('paid');

    // Paid in full, then credited: the customer is owed the credit back.
    const paid = await issuedInvoice();
    expect((await pay(paid.totalAmount, paid.id)).statusCode).toBe(201);
    const late = await creditDraft(paid.id);
    await saveLines(late.id, [line({ title: 'Balais', quantity: -1, taxRate: 20 })]);
    expect((await issue(late.id)).statusCode).toBe(200);
    const after = await admin.read(paid.id);
    expect(after.status).toBe('paid');
    expect(invoiceBalance(after)).toBe(-12_000);
  });
});
