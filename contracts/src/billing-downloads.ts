import { z } from 'zod';
import { DOCUMENT_PERMISSIONS } from './billing';
import { pagingQuerySchema } from './paging';
import type { Permission } from './permissions';

/*
 * What the billing lists and the invoice page download from the server: the export of a whole period of
 * a list (every row of its current filter, not only the page on screen) and an invoice's payment statement.
 */

/**
 * The lists a period is exported from, with the permission their list reads (one table: the API checks it per
 * garage, the page offers the export with it), the path and the start of the file name.
 */
export const PERIOD_EXPORTS = {
  invoice: {
    permission: DOCUMENT_PERMISSIONS.invoice,
    path: '/api/quotation/list/invoice/export',
    fileName: 'factures',
  },
  'credit-note': {
    permission: DOCUMENT_PERMISSIONS['credit-note'],
    path: '/api/quotation/list/credit-note/export',
    fileName: 'avoirs',
  },
  payment: { permission: 'payments', path: '/api/paiement/list/export', fileName: 'paiements' },
} as const satisfies Record<string, { permission: Permission; path: string; fileName: string }>;
export type PeriodExportKind = keyof typeof PERIOD_EXPORTS;

/** The document types exported by period (`GET /api/quotation/list/{type}/export`): the tax documents. */
export const EXPORTABLE_DOCUMENT_TYPES = ['invoice', 'credit-note'] as const;
export type ExportableDocumentType = (typeof EXPORTABLE_DOCUMENT_TYPES)[number];

export const PERIOD_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type PeriodExportFormat = (typeof PERIOD_EXPORT_FORMATS)[number];
export const PERIOD_EXPORT_FORMAT_LABELS: Record<PeriodExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' };

/** At most a year (a leap one included) per file: an auditor asks for a financial year. */
export const PERIOD_EXPORT_MAX_DAYS = 366;

export const PERIOD_EXPORT_DATE_INVALID = 'Date invalide : choisissez un jour (AAAA-MM-JJ)';
export const PERIOD_EXPORT_REVERSED = 'La date « Au » ne peut pas précéder la date « Du »';
export const PERIOD_EXPORT_TOO_LONG = `La période exportée ne peut pas dépasser ${PERIOD_EXPORT_MAX_DAYS} jours`;
export const PERIOD_EXPORT_FORMAT_UNKNOWN = 'Format d’export inconnu : Excel (xlsx) ou CSV';
export const PERIOD_EXPORT_TYPE_UNKNOWN = 'Seules les factures et les avoirs s’exportent par période';

const DAY_MS = 86_400_000;
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A calendar day "YYYY-MM-DD" that exists (no 31 November). */
const isCalendarDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) &&
  Number.isFinite(dayTime(day)) &&
  new Date(dayTime(day)).toISOString().startsWith(day);

/** Days from `from` to `to`, both counted. */
export const periodDays = (from: string, to: string) => Math.round((dayTime(to) - dayTime(from)) / DAY_MS) + 1;

/** Why a period of days (Paris calendar, both included) cannot be exported, or undefined: the modal and the API. */
export function periodExportRefusal(from: string, to: string): string | undefined {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return PERIOD_EXPORT_DATE_INVALID;
  if (to < from) return PERIOD_EXPORT_REVERSED;
  if (periodDays(from, to) > PERIOD_EXPORT_MAX_DAYS) return PERIOD_EXPORT_TOO_LONG;
  return undefined;
}

/**
 * A schema only the API reads, built by a call marked pure: unused, the browser's shared contracts module (in every
 * page's JS) drops it whole.
 */
const serverOnly = <T>(build: () => T): T => build();

/**
 * `GET <PERIOD_EXPORTS[kind].path>`: the days Du and Au (Paris calendar, both included; a document by its issue
 * day, a payment by its date), the format, and the list's own search, column filters and status tab as its paging
 * query sends them.
 */
export const periodExportQuerySchema = /* @__PURE__ */ serverOnly(() => {
  const day = z.string({ message: PERIOD_EXPORT_DATE_INVALID }).refine(isCalendarDay, PERIOD_EXPORT_DATE_INVALID);
  return z
    .object({
      from: day,
      to: day,
      format: z.enum(PERIOD_EXPORT_FORMATS, { message: PERIOD_EXPORT_FORMAT_UNKNOWN }).default('xlsx'),
      ...pagingQuerySchema.pick({ search: true, filters: true, columnsMap: true }).shape,
    })
    .superRefine((query, context) => {
      const refusal = periodExportRefusal(query.from, query.to);
      if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['to'] });
    });
});
export type PeriodExportQuery = z.input<typeof periodExportQuerySchema>;

export const exportDocumentTypeParamsSchema = /* @__PURE__ */ serverOnly(() =>
  z.object({ type: z.enum(EXPORTABLE_DOCUMENT_TYPES, { message: PERIOD_EXPORT_TYPE_UNKNOWN }) }),
);

/** "factures-2026-11-01-au-2026-11-30.xlsx". */
export const periodExportFileName = (kind: PeriodExportKind, from: string, to: string, format: PeriodExportFormat) =>
  `${PERIOD_EXPORTS[kind].fileName}-${from}-au-${to}.${format}`;

/** The first and last days of the month of `day` ("YYYY-MM-DD"): the export's default period. */
export function monthOf(day: string): { from: string; to: string } {
  const [year = 1970, month = 1] = day.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = day.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/*
 * The payment statement of an invoice ("Relevé de règlements"): what was paid, cancelled and credited since the
 * invoice was issued, and what is left. A document of its own, drawn when asked: the invoice's original is never
 * redrawn.
 */

/** `GET /api/quotation/{id}/statement/pdf`. */
export const invoiceStatementPath = (invoiceId: number) => `/api/quotation/${invoiceId}/statement/pdf`;
/** "releve-reglements-F-2026-00042-2026-11-24.pdf": the invoice and the day it was drawn. */
export const invoiceStatementFileName = (invoiceNumber: string, day: string) =>
  `releve-reglements-${invoiceNumber}-${day}.pdf`;
export const INVOICE_STATEMENT_NEEDS_ISSUED_INVOICE =
  'Le relevé de règlements porte sur une facture émise : émettez d’abord la facture';
export const INVOICE_STATEMENT_TITLE = 'Relevé de règlements';
export const INVOICE_STATEMENT_NOT_AN_INVOICE =
  'Ce relevé n’est pas une facture : il récapitule les règlements et les avoirs reçus sur la facture citée, qui reste le seul document de facturation.';

/**
 * The structured invoice of an issued invoice or credit note (EN 16931): `cii` is UN/CEFACT CII D22B, the XML a
 * Factur-X PDF carries; `ubl` is OASIS UBL 2.1, the other syntax every approved platform takes.
 */
export const EINVOICE_SYNTAXES = ['cii', 'ubl'] as const;
export type EInvoiceSyntax = (typeof EINVOICE_SYNTAXES)[number];
export const EINVOICE_SYNTAX_LABELS: Record<EInvoiceSyntax, string> = {
  cii: 'Facture électronique CII (XML)',
  ubl: 'Facture électronique UBL (XML)',
};
/** `GET /api/quotation/{id}/einvoice?syntax=cii`. */
export const einvoiceQuerySchema = z.object({
  syntax: z.enum(EINVOICE_SYNTAXES, { message: 'Format de facture électronique inconnu' }).default('cii'),
});
export const EINVOICE_ISSUED_ONLY =
  'Seul un document émis (facture ou avoir) a une facture électronique : émettez-le d’abord';
