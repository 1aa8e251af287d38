import { z } from 'zod';
import { percentLabel } from './billing-amounts';
import type { DocumentStatus } from './document-status';
import { formatEurosText } from './money';

/*
 * Credit notes (avoirs): a credit note only ever corrects an issued invoice, for a reason it prints, and never takes
 * off more than the invoice has left at each VAT rate.
 */

export const DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE = 'Un avoir se fait sur une facture émise';
export const CREDIT_NOTE_FROM_INVOICE_ONLY =
  'Un avoir se crée depuis la facture qu’il corrige (bouton « Créer un avoir » de la facture émise)';
export const CREDIT_NOTE_REASON_REQUIRED = 'Le motif de l’avoir est obligatoire';
export const CREDIT_NOTE_NEGATIVE_ONLY = 'Un avoir ne porte que des montants négatifs (quantité ou prix négatif)';
export const CREDIT_NOTE_FULLY_CREDITED = 'Cette facture est déjà entièrement couverte par ses avoirs';
export const creditNoteRateUnknown = (rate: number) =>
  `La facture d’origine n’a pas de ligne à ${percentLabel(rate)} de TVA : un avoir en reprend les taux`;
export const creditNoteExceeds = (invoiceNumber: string, rate: number, leftCents: number) =>
  `L’avoir dépasse ce qui reste à créditer sur la facture ${invoiceNumber} à ${percentLabel(rate)} de TVA (reste ${formatEurosText(leftCents)} HT)`;
export const creditNoteExceedsTotal = (invoiceNumber: string, leftCents: number) =>
  `L’avoir dépasse ce qui reste à créditer sur la facture ${invoiceNumber} (reste ${formatEurosText(leftCents)} TTC)`;
/** The invoice statuses a credit note may correct (issued, whether paid or not, and not yet fully credited). */
export const CREDITABLE_INVOICE_STATUSES: readonly DocumentStatus[] = ['issued', 'partial', 'paid'];
/** "Avoir partiel" beside the payment state of an invoice partly credited. */
export const PARTIAL_CREDIT_LABEL = 'Avoir partiel';

/** `POST /api/quotation/{id}/credit-note`: the credit note's reason, required. */
export const creditNoteBodySchema = z.object({
  reason: z
    .string({ message: CREDIT_NOTE_REASON_REQUIRED })
    .trim()
    .min(1, { message: CREDIT_NOTE_REASON_REQUIRED })
    .max(500, { message: '500 caractères au plus' }),
});
export type CreditNoteBody = z.input<typeof creditNoteBodySchema>;
