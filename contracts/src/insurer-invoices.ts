import { z } from 'zod';
import { formatEurosText } from './money';

/*
 * Invoices an insurer pays: what they print beyond an ordinary invoice, frozen at issue, and the rule that
 * they rest on a signed assignment of claim (cession de créance, C. civ. art. 1321 s.), or on a written reason.
 */

/** What an insurer invoice prints about the claim, read from its folder when it is issued, then frozen. */
export const insurerMentionsSchema = z.object({
  claimNumber: z.string(),
  policyNumber: z.string(),
  insuredName: z.string(),
  plate: z.string(),
  /** Brand and model. */
  vehicle: z.string(),
  vin: z.string(),
  /** YYYY-MM-DD, the Paris day of the work. */
  workDate: z.string(),
  workPlace: z.string(),
  /** The insured's share and the number of the invoice that bills it (a deductible split). */
  deductible: z.object({ amount: z.number().int(), invoiceNumber: z.string() }).nullable(),
  /** The signed assignment the invoice rests on. */
  cession: z.object({ signedAt: z.string(), signedBy: z.string() }).nullable(),
  /** Issued without a signed assignment: why (also written in the folder's history). */
  cessionOverride: z.string().nullable(),
});
export type InsurerMentions = z.infer<typeof insurerMentionsSchema>;

/** What the insured's deductible invoice prints about the insurer's part of the same work, frozen at issue. */
export const insurerShareSchema = z.object({
  insurerName: z.string(),
  claimNumber: z.string(),
  /** The insurer invoice, issued in the same transaction. */
  invoiceNumber: z.string(),
  /** The insurer's share, TTC cents. */
  amount: z.number().int(),
  /** The whole work, TTC cents: the insurer's share plus the deductible. */
  workTotal: z.number().int(),
});
export type InsurerShare = z.infer<typeof insurerShareSchema>;

/*
 * The words both invoices of a deductible split print (PDF and e-invoice alike): the whole work, who pays which part,
 * and the other invoice's number.
 */

/** On the insurer invoice: the work, the insured's deductible (its invoice) and the insurer's share (this one). */
export const deductibleSplitText = (deductible: { amount: number; invoiceNumber: string }, insurerTotal: number) =>
  `Montant total des travaux : ${formatEurosText(insurerTotal + deductible.amount)} TTC — Franchise à la charge de l’assuré : ${formatEurosText(deductible.amount)} (facture n° ${deductible.invoiceNumber}) — Part de l’assureur : ${formatEurosText(insurerTotal)}`;

/** On the insured's invoice: the claim, the whole work and the insurer's share (its invoice). */
export const insurerShareText = (share: InsurerShare) =>
  `Franchise contractuelle du sinistre n° ${share.claimNumber} — Montant total des travaux : ${formatEurosText(share.workTotal)} TTC, dont ${formatEurosText(share.amount)} à la charge de ${share.insurerName} (facture n° ${share.invoiceNumber})`;

export const INSURER_INVOICE_NEEDS_FOLDER =
  'Une facture à l’assureur se rattache à un dossier (sinistre, assuré, véhicule) : choisissez-le avant d’émettre';
export const INSURER_INVOICE_NEEDS_CLAIM =
  'Renseignez le n° de sinistre et le n° de contrat du dossier avant d’émettre la facture à l’assureur';
export const INSURER_INVOICE_NEEDS_CESSION =
  'Aucune cession de créance signée dans ce dossier : faites-la signer, ou indiquez pourquoi émettre sans.';
export const DEDUCTIBLE_INSURER_INVOICE_ONLY =
  'Seule une facture à l’assureur en brouillon se répartit avec une franchise';
export const DEDUCTIBLE_ALREADY_BILLED = 'La franchise de cette facture est déjà facturée à l’assuré';
export const DEDUCTIBLE_NONE_ON_FOLDER =
  'Le dossier ne prévoit pas de franchise : renseignez-la dans « Modifier le dossier » (montant ou pourcentage)';
/** An insurer invoice about to be issued alone while the policy leaves `cents` to the insured. */
export const deductibleForgotten = (cents: number) =>
  `Le contrat prévoit une franchise de ${formatEurosText(cents)} à la charge de l’assuré : « Facturer la franchise » la retire de cette facture et la facture à l’assuré (si l’assureur y renonce, retirez-la du dossier).`;
export const INSURER_INVOICE_DEDUCTIBLE_FIRST =
  'Émettez d’abord la facture de franchise de l’assuré : la facture à l’assureur cite son numéro.';

/** Why an insurer invoice is issued without a signed cession (history and invoice print it). */
export const cessionOverrideSchema = z
  .string()
  .trim()
  .min(5, { message: 'Indiquez le motif (5 caractères au moins)' })
  .max(500, { message: '500 caractères au plus' });

/**
 * The refusal of an insurer invoice's issue for want of a signed cession, by its kind (the error body's `refusal`):
 * the page then asks why to issue without one, whatever the message's wording.
 */
export const CESSION_REQUIRED_REFUSAL = 'cession-required';
