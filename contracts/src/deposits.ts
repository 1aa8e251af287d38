import { z } from 'zod';
import { DOCUMENT_TYPE_LABELS, type DocumentType, eurosSchema } from './billing';
import { formatEurosText } from './money';

/*
 * Deposits (acomptes): on an accepted quote, the garage bills part of it before the work (a « facture d'acompte », an
 * invoice of its own with its VAT, CGI art. 289 I 1° c), and the final invoice takes the deposits already billed off,
 * citing each.
 */

/** `POST /api/quotation/{id}/deposit`: the deposit asked, TTC. */
export const depositBodySchema = z.object({ amount: eurosSchema('Montant d’acompte invalide') });
export type DepositBody = z.input<typeof depositBodySchema>;

export const DEPOSIT_NEEDS_QUOTE = 'Un acompte se demande sur un devis émis et pas encore facturé';
export const DEPOSIT_AMOUNT_POSITIVE = 'Le montant de l’acompte doit être positif';
export const depositTooHigh = (leftCents: number) =>
  `L’acompte dépasse ce qui reste à facturer sur le devis (${formatEurosText(leftCents)} TTC)`;
export const DEPOSIT_DRAFT_FIRST =
  'Une facture d’acompte de ce devis est encore un brouillon : émettez-la ou supprimez-la avant la facture finale';
export const DEPOSIT_NOT_WITH_DEDUCTIBLE =
  'Ce devis a des acomptes : sa facture finale va au client, sans répartition de franchise';
export const DEPOSIT_UNKNOWN = 'Cette ligne déduit un acompte inconnu de ce garage';
export const depositAlreadyDeducted = (deposit: string, invoice: string) =>
  `L’acompte ${deposit} est déjà déduit par la facture ${invoice}`;

/** The line of a deposit invoice at one VAT rate. */
export const depositLineTitle = (quoteNumber: string) => `Acompte sur le devis n° ${quoteNumber}`;
/** The final invoice's line taking a deposit off. */
export const depositDeductionTitle = (invoiceNumber: string, day: string) =>
  `Acompte versé : facture d’acompte n° ${invoiceNumber} du ${day.split('-').reverse().join('/')}`;
/** What a deposit invoice prints under its lines. */
export const depositMention = (quoteNumber: string | null) =>
  `Facture d’acompte sur le devis n° ${quoteNumber ?? '—'}, à déduire de la facture finale.`;

/** What a document is called: « Facture d’acompte » for a deposit invoice, else its type's name. */
export const documentLabel = (document: { type: DocumentType; deposit?: boolean }) =>
  document.deposit ? 'Facture d’acompte' : DOCUMENT_TYPE_LABELS[document.type];
