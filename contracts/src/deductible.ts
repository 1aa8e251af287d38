import { z } from 'zod';
import { centsToText, formatEurosText, parseEuros } from './money';

/*
 * The insured's deductible (franchise): the part of a claim's work the insurer does not pay, billed to the insured
 * on an invoice of its own. A policy states it as a fixed amount, or as a percentage of the work with a minimum
 * (« 10 % avec un minimum de 76 € »). The folder keeps those terms; the deductible of a given job is computed here,
 * once, for the invoice form, the quote's « Transformer en facture » and the server.
 */

/** A folder's deductible terms: at most one of amount (TTC cents) and percent (hundredths of a percent). */
export interface DeductibleTerms {
  amount: number | null;
  /** 1000 = 10 %. */
  percent: number | null;
  /** With a percentage: the least the insured pays, TTC cents. */
  minimum: number | null;
}

export const NO_DEDUCTIBLE: DeductibleTerms = { amount: null, percent: null, minimum: null };

/** The deductible of a job whose work totals `workTotal` TTC cents: never more than the work itself. */
export function deductibleOf(terms: DeductibleTerms, workTotal: number): number {
  if (workTotal <= 0) return 0;
  if (terms.amount !== null) return Math.min(terms.amount, workTotal);
  if (terms.percent === null) return 0;
  const share = Math.round((workTotal * terms.percent) / 10_000);
  return Math.min(workTotal, Math.max(share, terms.minimum ?? 0));
}

export const hasDeductible = (terms: DeductibleTerms) => Boolean(terms.amount) || Boolean(terms.percent);

/** A percent in hundredths as French prints it: 1050 -> "10,5 %". */
export const deductiblePercentLabel = (percent: number) => `${String(percent / 100).replace('.', ',')} %`;

/** The terms as the folder and the invoice form show them, or null without a deductible. */
export function deductibleTermsLabel(terms: DeductibleTerms): string | null {
  if (terms.amount) return formatEurosText(terms.amount);
  if (!terms.percent) return null;
  const minimum = terms.minimum ? `, ${formatEurosText(terms.minimum)} au minimum` : '';
  return `${deductiblePercentLabel(terms.percent)} des travaux${minimum}`;
}

export const DEDUCTIBLE_AMOUNT_MESSAGE = 'Franchise : un montant en euros (150 ou 150,50)';
export const DEDUCTIBLE_PERCENT_MESSAGE = 'Franchise : un pourcentage entre 0 et 100 (10 ou 10,5)';
export const DEDUCTIBLE_MINIMUM_MESSAGE = 'Minimum de franchise : un montant en euros';
export const DEDUCTIBLE_ONE_OF = 'Franchise : un montant ou un pourcentage, pas les deux';
export const DEDUCTIBLE_MINIMUM_NEEDS_PERCENT = 'Un minimum de franchise va avec un pourcentage';

/** An optional amount typed in euros, as TTC cents (blank: none). */
const optionalCents = (message: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || String(value).trim() === '') return undefined;
      const cents = parseEuros(value);
      if (cents === undefined || cents < 0) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return cents;
    });

/** An optional percentage ("10", "10,5 %") as hundredths of a percent (blank: none). */
const optionalPercent = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || String(value).trim() === '') return undefined;
    const hundredths = parseEuros(String(value).replace('%', ''));
    if (hundredths === undefined || hundredths <= 0 || hundredths > 10_000) {
      ctx.addIssue({ code: 'custom', message: DEDUCTIBLE_PERCENT_MESSAGE });
      return z.NEVER;
    }
    return hundredths;
  });

/** The folder form's deductible fields (a folder's create and update bodies). */
export const deductibleFields = {
  deductibleAmount: optionalCents(DEDUCTIBLE_AMOUNT_MESSAGE),
  deductiblePercent: optionalPercent,
  deductibleMinimum: optionalCents(DEDUCTIBLE_MINIMUM_MESSAGE),
};

/** The rules between the three fields, as issues on the field to correct. */
export function checkDeductibleFields(
  body: { deductibleAmount?: number; deductiblePercent?: number; deductibleMinimum?: number },
  ctx: z.RefinementCtx,
) {
  if (body.deductibleAmount !== undefined && body.deductiblePercent !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['deductiblePercent'], message: DEDUCTIBLE_ONE_OF });
  }
  if (body.deductibleMinimum !== undefined && body.deductiblePercent === undefined) {
    ctx.addIssue({ code: 'custom', path: ['deductibleMinimum'], message: DEDUCTIBLE_MINIMUM_NEEDS_PERCENT });
  }
}

/** The terms as the form types them back: "150,00", "10,5". */
export const deductibleFormValues = (terms: DeductibleTerms) => ({
  deductibleAmount: terms.amount === null ? undefined : centsToText(terms.amount),
  deductiblePercent: terms.percent === null ? undefined : String(terms.percent / 100).replace('.', ','),
  deductibleMinimum: terms.minimum === null ? undefined : centsToText(terms.minimum),
});

export const deductibleTermsSchema = z.object({
  amount: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  minimum: z.number().int().nullable(),
});
