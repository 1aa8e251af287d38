import {
  BILLING_DOCUMENT_NOT_FOUND,
  formatParisDate,
  INVOICE_STATEMENT_NEEDS_ISSUED_INVOICE,
  INVOICE_STATEMENT_NOT_AN_INVOICE,
  invoiceStatementPath,
  parisToday,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';
import { billing, body, line } from './fixtures';

/*
 * The payment statement of an invoice: a document of its own, drawn when asked, that lists the credit
 * notes and payments (cancellations as negative rows) and ends on what is left to pay or to refund. The invoice's
 * original is never redrawn.
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

/** The PDF's text, one space between words (a paragraph wraps where the page ends). */
const flatText = async (pdf: Buffer) => (await pdfText(pdf)).replace(/\s+/g, ' ');
const statement = (id: number, cookie = owner.cookie) =>
  app.inject({ method: 'GET', url: invoiceStatementPath(id), headers: { cookie } });
const pay = async (invoiceId: number, amount: string, type: string) => {
  const response = await docs.call('POST', '/api/paiement', { invoiceId, amount, type });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
};
/** An issued credit note of one line of `preTax` euros at 20 % on the invoice. */
async function credit(invoiceId: number, preTax: string) {
  const draft = await docs.call('POST', `/api/quotation/${invoiceId}/credit-note`, { reason: 'Joint non posé' });
  expect(draft.statusCode, draft.body).toBe(201);
  const id = draft.json().id as number;
  const saved = await docs.call(
    'PUT',
    `/api/quotation/${id}`,
    body({ lines: [line({ title: 'Joint', quantity: -1, preTaxAmount: preTax })] }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return docs.issue(id);
}
const issuedInvoice = async (name: string) =>
  docs.issue(
    await docs.create(
      'invoice',
      body({
        customer: { name, siren: '732829320', isBusiness: true },
        lines: [line({ title: 'Pare-brise', quantity: 10, preTaxAmount: '100,00' })],
      }),
    ),
  );

describe('the payment statement of an invoice', () => {
  it('lists its credit notes, payments and cancellations, and what is left to pay', async () => {
    const invoice = await issuedInvoice('Transports Durand');
    const original = (await docs.call('GET', `/api/quotation/${invoice.id}/pdf`)).rawPayload;
    await pay(invoice.id, '500,00', 'card');
    const cheque = await pay(invoice.id, '100,00', 'cheque');
    const cancelled = await docs.call('POST', `/api/paiement/${cheque}/cancel`, { reason: 'Chèque sans provision' });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const note = await credit(invoice.id, '100,00');

    const response = await statement(invoice.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `attachment; filename="releve-reglements-${invoice.number}-${parisToday()}.pdf"`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const text = await flatText(response.rawPayload);
    const today = formatParisDate(new Date());
    for (const mention of [
      'RELEVÉ DE RÈGLEMENTS',
      `Facture n° ${invoice.number}`,
      `Date d’émission : ${today}`,
      // Seller and buyer as on the invoice.
      'SIRET ',
      'Transports Durand',
      '3 place Bellecour',
      '69002 Lyon',
      'SIREN 732829320',
      'Total TTC de la facture : 1 200,00 €',
      // The credit note: number, date, amount.
      note.number ?? '',
      'Joint non posé',
      '-120,00 €',
      // The payments, the cancelled cheque and its negative row.
      'Carte',
      '500,00 €',
      'Chèque',
      'Règlement (annulé)',
      '100,00 €',
      '-100,00 €',
      `Annulation du paiement du ${today} : Chèque sans provision`,
      // 1 200,00 − 120,00 − 500,00.
      'Déjà réglé',
      '-500,00 €',
      'Reste à payer',
      '580,00 €',
      `Relevé établi le ${today} à `,
      INVOICE_STATEMENT_NOT_AN_INVOICE,
    ]) {
      expect(text).toContain(mention);
    }
    expect(text).not.toContain('Trop-perçu');
    // The invoice's original is what it was: the statement is a document of its own.
    const again = (await docs.call('GET', `/api/quotation/${invoice.id}/pdf`)).rawPayload;
    expect(Buffer.compare(again, original)).toBe(0);
  });

  it('says what is to refund when credit notes come after the invoice was paid', async () => {
    const invoice = await issuedInvoice('Atelier Remboursé');
    await pay(invoice.id, '1200,00', 'transfer');
    await credit(invoice.id, '50,00');
    const text = await flatText((await statement(invoice.id)).rawPayload);
    expect(text).toContain('Virement');
    expect(text).toContain('Trop-perçu à rembourser');
    expect(text).toContain('60,00 €');
    expect(text).not.toContain('Reste à payer');
  });

  it('an invoice with nothing received yet says so', async () => {
    const invoice = await issuedInvoice('Client Patient');
    const text = await flatText((await statement(invoice.id)).rawPayload);
    expect(text).toContain('Aucun avoir émis sur cette facture.');
    expect(text).toContain('Aucun règlement reçu sur cette facture.');
    expect(text).toContain('1 200,00 €');
  });

  it('exists only for an issued invoice of the caller’s garages', async () => {
    const invoice = await issuedInvoice('Client Privé');
    const other = await ownTestGarage(app);
    const hidden = await statement(invoice.id, other.cookie);
    expect([hidden.statusCode, hidden.json().message]).toEqual([404, BILLING_DOCUMENT_NOT_FOUND]);
    const lyon = await statement(invoice.id, await login(app, 'poseur.admin@demo.garage.fr'));
    expect(lyon.statusCode).toBe(404);

    const draft = await docs.create('invoice', body());
    const refused = await statement(draft);
    expect([refused.statusCode, refused.json().message]).toEqual([409, INVOICE_STATEMENT_NEEDS_ISSUED_INVOICE]);
    const quote = await docs.create('quotation', body());
    expect((await statement(quote)).statusCode).toBe(409);
  });
});
