import { z } from 'zod';
import { pagedResponseSchema } from './paging';
import { VAT_FILING_LABELS, type VatFiling } from './vat-filing';

/*
 * E-reporting (Flux 10 of the reform): what a garage tells the administration, through its approved platform, of
 * the sales its e-invoices do not carry: those to private customers (the insured's deductible, walk-in customers),
 * totalled per day, category and VAT rate, and the payments received for its services when their VAT falls due on
 * receipt. The API builds and sends them (api/src/modules/ereporting); the « E-reporting » page lists them.
 */

export const EREPORT_KINDS = ['transactions', 'payments'] as const;
export type EreportKind = (typeof EREPORT_KINDS)[number];

export const EREPORT_KIND_LABELS: Record<EreportKind, string> = {
  transactions: 'Ventes aux particuliers',
  payments: 'Encaissements des prestations',
};

/**
 * Where a transmission stands: built and waiting in the outbox, deposited (the platform has not checked it yet),
 * accepted or rejected by the platform, blocked (its totals differ from the issued documents': never sent), or
 * replaced by its correction.
 */
export const EREPORT_STATUSES = ['queued', 'deposited', 'accepted', 'rejected', 'blocked', 'replaced'] as const;
export type EreportStatus = (typeof EREPORT_STATUSES)[number];

export const EREPORT_STATUS_LABELS: Record<EreportStatus, string> = {
  queued: 'En file d’envoi',
  deposited: 'Déposée',
  accepted: 'Acceptée',
  rejected: 'Rejetée',
  blocked: 'Bloquée',
  replaced: 'Remplacée',
};

/** The categories of the transactions report (DGFiP external specifications, Flux 10.3). */
export const EREPORT_CATEGORIES = {
  TLB1: 'Livraisons de biens',
  TPS1: 'Prestations de services',
  TNT1: 'Hors champ (débours)',
} as const;
export type EreportCategory = keyof typeof EREPORT_CATEGORIES;

export type Periodicity = 'decade' | 'month' | 'two-months';

export const PERIODICITY_LABELS: Record<Periodicity, string> = {
  decade: 'par décade',
  month: 'par mois',
  'two-months': 'tous les deux mois',
};

/** How often each report leaves, from how the garage files its VAT (docs/decisions.md « E-reporting »). */
export function reportPeriodicity(filing: VatFiling, kind: EreportKind): Periodicity {
  if (filing === 'franchise') return 'two-months';
  return filing === 'normal-monthly' && kind === 'transactions' ? 'decade' : 'month';
}

export const ereportLineSchema = z.object({
  day: z.string(),
  category: z.string(),
  rate: z.number(),
  /** Cents: pre-tax base (transactions) or amount received tax included (payments). */
  amount: z.number().int(),
  /** Cents. */
  tax: z.number().int(),
});

export const ereportTransmissionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EREPORT_KINDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  periodLabel: z.string(),
  /** A rectifying transmission replacing a rejected one (`correctsId`). */
  correctsId: z.number().int().nullable(),
  status: z.enum(EREPORT_STATUSES),
  statusLabel: z.string(),
  /** Why it was rejected or blocked, or why its deposit waits, in French. */
  reason: z.string().nullable(),
  /** Cents: pre-tax sales (transactions) or received tax included (payments). */
  amount: z.number().int(),
  /** Cents. */
  tax: z.number().int(),
  /** The documents (invoices, credit notes) or payments it totals. */
  count: z.number().int(),
  createdAt: z.string(),
  depositedAt: z.string().nullable(),
  /** Whether the garage may send a correction now: rejected, or blocked once the documents agree again. */
  correctable: z.boolean(),
  /** Whether its file was written (a blocked one has none): « Fichier » downloads it. */
  hasFile: z.boolean(),
  lines: z.array(ereportLineSchema),
});
export type EreportTransmission = z.infer<typeof ereportTransmissionSchema>;

/** Columns by index = sortField (the « E-reporting » table). */
export const EREPORT_COLUMNS = ['period', 'kind', 'status', 'amount', 'tax', 'count', 'depositedAt'] as const;
export const EREPORT_LIST_ERROR = 'Erreur lors du chargement des transmissions';

export const ereportListResponseSchema = pagedResponseSchema(ereportTransmissionSchema);

/** What the page says above its table: the platform, the regime and the rhythm it sets. */
export const ereportOverviewSchema = z.object({
  connected: z.boolean(),
  vatFiling: z.string(),
  vatFilingLabel: z.string(),
  /** « par décade », « par mois »…, for each report. */
  transactionsEvery: z.string(),
  paymentsEvery: z.string(),
  /** False when the garage's VAT is due on invoicing (debit option) or it charges none: no payments report. */
  reportsPayments: z.boolean(),
  /** Rejected or blocked transmissions waiting for their correction. */
  toCorrect: z.number().int(),
});
export type EreportOverview = z.infer<typeof ereportOverviewSchema>;

export const ereportParamsSchema = z.object({
  companyId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});

export const ereportRunResultSchema = z.object({ queued: z.number().int(), acknowledged: z.number().int() });
export const ereportCorrectionSchema = z.object({ id: z.number().int() });

export const EREPORT_NOT_FOUND = 'Transmission introuvable';
export const EREPORT_NOT_CORRECTABLE = 'Seule une transmission rejetée ou bloquée peut être corrigée';
export const EREPORT_NO_PLATFORM =
  'Aucune plateforme agréée n’est configurée : renseignez-la dans « Facturation électronique »';

export const EREPORTING_PATHS = {
  overview: (companyId: number) => `/api/company/${companyId}/ereporting`,
  list: (companyId: number) => `/api/company/${companyId}/ereporting/list`,
  file: (companyId: number, id: number) => `/api/company/${companyId}/ereporting/${id}/file`,
  run: (companyId: number) => `/api/company/${companyId}/ereporting/run`,
  correction: (companyId: number, id: number) => `/api/company/${companyId}/ereporting/${id}/correction`,
};

export const EREPORTING_PICK_GARAGE = 'Choisissez un garage en haut à gauche : l’e-reporting se lit garage par garage';

export const vatFilingLabel = (filing: string) => VAT_FILING_LABELS[filing as VatFiling] ?? filing;
