import { z } from 'zod';
import { formatParisDate } from './clock';
import { pagedResponseSchema } from './paging';

/*
 * Closings of a garage's inalterable records (BOI-TVA-DECLA-30-10-30: « clôtures » journalière, mensuelle,
 * annuelle): each ended Paris day with records, each month and each fiscal year, with their totals and the perpetual
 * grand totals; a closed period takes no new record.
 */

export const CLOSING_KINDS = ['day', 'month', 'year'] as const;
export type ClosingKind = (typeof CLOSING_KINDS)[number];
export const CLOSING_KIND_LABELS: Record<ClosingKind, string> = {
  day: 'Journalière',
  month: 'Mensuelle',
  year: 'Annuelle (exercice)',
};

/** Columns by index = sortField. */
export const CLOSING_COLUMNS = [
  'period',
  'kind',
  'garage',
  'records',
  'sales',
  'vat',
  'receipts',
  'grandTotal',
  'closedAt',
] as const;
export const CLOSING_LIST_ERROR = 'Erreur lors du chargement des clôtures';

const totalsSchema = z.object({
  records: z.number().int(),
  invoices: z.object({ count: z.number().int(), total: z.number().int() }),
  creditNotes: z.object({ count: z.number().int(), total: z.number().int() }),
  vat: z.record(z.string(), z.object({ base: z.number().int(), tax: z.number().int() })),
  receipts: z.record(z.string(), z.number().int()),
  grand: z.object({ salesTotal: z.number().int(), receipts: z.record(z.string(), z.number().int()) }),
});
export type ClosingTotalsView = z.infer<typeof totalsSchema>;

export const closingRowSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  garage: z.string(),
  kind: z.enum(CLOSING_KINDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  totals: totalsSchema,
  /** The chain's link it was written as. */
  seq: z.number().int(),
  hash: z.string(),
  closedAt: z.string(),
});
export type ClosingRow = z.infer<typeof closingRowSchema>;
export const closingListResponseSchema = pagedResponseSchema(closingRowSchema);

/** The period a closing covers, as a French reader names it. */
export function closingPeriodLabel(kind: ClosingKind, start: string, end: string): string {
  const at = (day: string) => formatParisDate(new Date(`${day}T12:00:00Z`));
  if (kind === 'day') return at(start);
  if (kind === 'month') {
    return new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${start}T12:00:00Z`),
    );
  }
  return `Exercice du ${at(start)} au ${at(end)}`;
}

/** 409 for a record dated in a closed period (the day, and how far the garage's books are closed). */
export const closedPeriodMessage = (datedOn: string, closedThrough: string) => {
  const at = (day: string) => formatParisDate(new Date(`${day}T12:00:00Z`));
  return `La période est clôturée jusqu’au ${at(closedThrough)} inclus : rien ne peut plus être daté du ${at(datedOn)}. Datez l’enregistrement d’aujourd’hui.`;
};
