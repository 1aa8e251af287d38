import {
  type BillingDocument,
  formatEurosText,
  formatParisDateTime,
  INVOICE_STATEMENT_NOT_AN_INVOICE,
  INVOICE_STATEMENT_TITLE,
  invoiceBalance,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  parisDay,
} from 'contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../db';
import { billingDocuments, payments } from '../../../db/schema';
import { type Column, frenchDay, MARGIN, PdfCanvas, SHADE, WIDTH } from '../../../lib/pdf-canvas';
import { type Seller, sellerOf } from '../documents/documents-queries';
import { paymentCancelled } from '../payments/payments-repository';
import { buyerIdentity, framedColumn, sellerIdentity, sellerName } from './identity-blocks';

/*
 * "Relevé de règlements": the payment state of an issued invoice is a statement of its own, never a
 * redrawn invoice (the invoice's original says what was due at issue and stays as issued). Drawn when asked, from
 * the invoice, its issued credit notes and its payments (append-only: a cancellation is its own negative row), it
 * ends on what is left to pay, or the overpayment to refund, and says it is not an invoice.
 */

export interface StatementFacts {
  invoice: BillingDocument;
  seller: Seller;
  creditNotes: { number: string | null; issuedAt: Date | null; totalAmount: number; creditReason: string | null }[];
  payments: {
    paidOn: string;
    method: string;
    amount: number;
    comment: string;
    cancelsId: number | null;
    cancelled: boolean;
  }[];
  drawnAt: Date;
}

/** What the statement of an issued invoice rests on, read now. */
export async function statementFacts(db: Database, invoice: BillingDocument): Promise<StatementFacts> {
  const [seller, creditNotes, received] = await Promise.all([
    sellerOf(db, invoice.companyId),
    db
      .select({
        number: billingDocuments.number,
        issuedAt: billingDocuments.issuedAt,
        totalAmount: billingDocuments.totalAmount,
        creditReason: billingDocuments.creditReason,
      })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.sourceId, invoice.id),
          eq(billingDocuments.companyId, invoice.companyId),
          eq(billingDocuments.type, 'credit-note'),
          ne(billingDocuments.status, 'draft'),
        ),
      )
      .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id)),
    db
      .select({
        paidOn: payments.paidOn,
        method: payments.method,
        amount: payments.amount,
        comment: payments.comment,
        cancelsId: payments.cancelsId,
        cancelled: paymentCancelled,
      })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoice.id), eq(payments.companyId, invoice.companyId)))
      .orderBy(asc(payments.paidOn), asc(payments.id)),
  ]);
  return { invoice, seller, creditNotes, payments: received, drawnAt: new Date() };
}

const paymentLabel = (payment: StatementFacts['payments'][number]) => {
  if (payment.cancelsId !== null) return payment.comment || 'Annulation d’un règlement';
  const label = payment.comment || 'Règlement';
  return payment.cancelled ? `${label} (annulé)` : label;
};

/** Seller (left); title, invoice and buyer (right), as on the invoice. */
function drawHeading(canvas: PdfCanvas, { invoice, seller }: StatementFacts, issueDay: string) {
  const { bold } = canvas;
  const number = invoice.number ?? '';
  const half = WIDTH / 2;
  const sellerBottom = canvas.column(MARGIN, half - 10, canvas.y, sellerIdentity(seller, bold));
  const right = MARGIN + half + 10;
  const titleBottom = canvas.column(right, half - 10, canvas.y, [
    { text: INVOICE_STATEMENT_TITLE.toUpperCase(), size: 17, font: bold },
    { text: `Facture n° ${number}`, size: 11, font: bold },
    { text: `Date d’émission : ${issueDay}` },
    { text: invoice.dueDate ? `Date d’échéance : ${frenchDay(invoice.dueDate)}` : '' },
    { text: invoice.folderNumber ? `Dossier ${invoice.folderNumber}` : '' },
  ]);
  const buyerBottom = framedColumn(
    canvas,
    right,
    half - 10,
    titleBottom - 10,
    buyerIdentity(invoice.customer, invoice.billTo, bold),
  );
  canvas.y = Math.min(sellerBottom, buyerBottom) - 12;
}

/** The statement as a PDF (A4, the invoice's look), drawn now: it says where the invoice stands today. */
export async function invoiceStatementPdf(facts: StatementFacts): Promise<Uint8Array> {
  const { invoice, seller } = facts;
  const number = invoice.number ?? '';
  const issueDay = invoice.issuedAt ? frenchDay(parisDay(new Date(invoice.issuedAt))) : '—';
  const canvas = await PdfCanvas.create({
    title: `${INVOICE_STATEMENT_TITLE} — facture ${number}`,
    author: sellerName(seller),
    subject: `${INVOICE_STATEMENT_TITLE} — ${invoice.customer.name}`,
    at: new Date(),
  });
  const { bold } = canvas;

  drawHeading(canvas, facts, issueDay);
  canvas.paragraph(`Total TTC de la facture : ${formatEurosText(invoice.totalAmount)}`, { size: 10, font: bold }, 6);

  canvas.paragraph('Avoirs', { size: 11, font: bold }, 16);
  if (facts.creditNotes.length === 0) canvas.paragraph('Aucun avoir émis sur cette facture.', { size: 9 }, 4);
  else {
    canvas.y -= 4;
    const columns: Column[] = [
      { label: 'N° d’avoir', width: 110 },
      { label: 'Date d’émission', width: 85 },
      { label: 'Motif', width: WIDTH - 295 },
      { label: 'Montant TTC', width: 100, right: true },
    ];
    canvas.table(
      columns,
      facts.creditNotes.map((note) => [
        note.number ?? '',
        note.issuedAt ? frenchDay(parisDay(note.issuedAt)) : '',
        note.creditReason ?? '',
        formatEurosText(note.totalAmount),
      ]),
    );
  }

  canvas.paragraph('Règlements', { size: 11, font: bold }, 16);
  if (facts.payments.length === 0) canvas.paragraph('Aucun règlement reçu sur cette facture.', { size: 9 }, 4);
  else {
    canvas.y -= 4;
    canvas.table(
      [
        { label: 'Date', width: 70 },
        { label: 'Moyen', width: 70 },
        { label: 'Libellé', width: WIDTH - 240 },
        { label: 'Montant', width: 100, right: true },
      ],
      facts.payments.map((payment) => [
        frenchDay(payment.paidOn),
        PAYMENT_METHOD_LABELS[payment.method as PaymentMethod] ?? payment.method,
        paymentLabel(payment),
        formatEurosText(payment.amount),
      ]),
    );
  }

  // What is left: the invoice's total, less its credit notes and what was paid (cancellations netted).
  const balance = invoiceBalance(invoice);
  const totals: [string, number, boolean][] = [
    ['Total TTC de la facture', invoice.totalAmount, false],
    ['Avoirs', -invoice.creditedAmount, false],
    ['Déjà réglé', -invoice.paidAmount, false],
    balance < 0 ? ['Trop-perçu à rembourser', -balance, true] : ['Reste à payer', balance, true],
  ];
  canvas.ensure(totals.length * 15 + 20);
  canvas.y -= 14;
  const totalsLeft = MARGIN + WIDTH - 240;
  for (const [name, amount, strong] of totals) {
    const at = canvas.y - 10;
    const font = strong ? bold : canvas.regular;
    if (strong) canvas.page.drawRectangle({ x: totalsLeft - 4, y: at - 4, width: 244, height: 15, color: SHADE });
    canvas.draw(name, totalsLeft, at, { size: 9, font });
    canvas.drawRight(formatEurosText(amount), MARGIN + WIDTH - 4, at, { size: 9, font });
    canvas.y -= 15;
  }

  const [day, time] = formatParisDateTime(facts.drawnAt).split(' ');
  canvas.paragraph(`Relevé établi le ${day} à ${time} (heure de Paris).`, { size: 9 }, 18);
  canvas.paragraph(INVOICE_STATEMENT_NOT_AN_INVOICE, { size: 9, font: bold }, 4);
  canvas.footers([sellerName(seller), seller.siret ? `SIRET ${seller.siret}` : ''].filter(Boolean).join(' — '));
  return canvas.pdf.save();
}
