import { z } from 'zod';

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

export const INSURER_INVOICE_NEEDS_FOLDER =
  'Une facture à l’assureur se rattache à un dossier (sinistre, assuré, véhicule) : choisissez-le avant d’émettre';
export const INSURER_INVOICE_NEEDS_CLAIM =
  'Renseignez le n° de sinistre et le n° de contrat du dossier avant d’émettre la facture à l’assureur';
export const INSURER_INVOICE_NEEDS_CESSION =
  'Aucune cession de créance signée dans ce dossier : faites-la signer, ou indiquez pourquoi émettre sans.';
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
