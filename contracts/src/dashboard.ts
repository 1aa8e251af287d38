import { z } from 'zod';
import { folderRowSchema } from './folders';

/*
 * The home page's widgets (docs/product.md): figures computed by the database for the selected garage
 * (or all of the user's for TOUT) over a period of folder creation.
 */

export const DASHBOARD_PERIODS = {
  month: 'Ce mois-ci',
  lastMonth: 'Le mois dernier',
  year: 'Cette année',
  twelveMonths: '12 derniers mois',
} as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS;

/** [from, to[ of a named period, in the user's calendar (local dates). */
export function periodRange(period: DashboardPeriod, now = new Date()): { from: string; to: string } {
  const day = (year: number, month: number, date = 1) => new Date(year, month, date);
  const y = now.getFullYear();
  const m = now.getMonth();
  const tomorrow = day(y, m, now.getDate() + 1);
  const range =
    period === 'month'
      ? [day(y, m), tomorrow]
      : period === 'lastMonth'
        ? [day(y, m - 1), day(y, m)]
        : period === 'year'
          ? [day(y, 0), tomorrow]
          : [day(y - 1, m, now.getDate() + 1), tomorrow];
  return { from: (range[0] as Date).toISOString(), to: (range[1] as Date).toISOString() };
}

export const DASHBOARD_PERIOD_INVALID = 'Période invalide : la date de début doit précéder la date de fin';

/** `from` and `to` (ISO dates, `to` excluded) of every dashboard call; default: the last 12 months. */
export const dashboardQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, message: 'Date de début invalide' }).optional(),
    to: z.iso.datetime({ offset: true, message: 'Date de fin invalide' }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: DASHBOARD_PERIOD_INVALID });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** One bar of a widget. */
export const dashboardFigureSchema = z.object({
  label: z.string(),
  count: z.number().int(),
  /** Closed folders among them, where it tells something (insurers, rankings). */
  closed: z.number().int().optional(),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;
export const dashboardFiguresSchema = z.array(dashboardFigureSchema);

export const dashboardRankingsSchema = z.object({
  technicians: dashboardFiguresSchema,
  /** Centres side by side: for users who see several garages (a franchisor, TOUT). */
  centres: dashboardFiguresSchema,
});
export type DashboardRankings = z.infer<typeof dashboardRankingsSchema>;

/** `GET /api/dashboard`: the latest folders (widget getFolders). */
export const dashboardLatestSchema = z.object({ folders: z.array(folderRowSchema) });

export const DASHBOARD_CHARTS = ['created-per-month', 'closed-per-month'] as const;
export type DashboardChart = (typeof DASHBOARD_CHARTS)[number];

/** One garage's money over the period (cents), or the sum of the scope's garages. */
export const dashboardMoneyRowSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  /** Invoices less credit notes issued in the period, before tax: the network page's figure for the centre. */
  turnover: z.number().int(),
  /** Jobs invoiced in the period: folders (a deductible's two invoices are one job), or invoices without a folder. */
  jobs: z.number().int(),
  /** Turnover per job, cents (0 without a job). */
  averageJob: z.number().int(),
  /** What issued invoices still ask of private and business customers, and of insurers, today (TTC). */
  customersOwe: z.number().int(),
  insurersOwe: z.number().int(),
});
export type DashboardMoneyRow = z.infer<typeof dashboardMoneyRowSchema>;

/** `GET /api/dashboard/money`: the scope's garages side by side (under TOUT) and their sum. */
export const dashboardMoneySchema = z.object({
  total: dashboardMoneyRowSchema.omit({ companyId: true, name: true }),
  garages: z.array(dashboardMoneyRowSchema),
});
export type DashboardMoney = z.infer<typeof dashboardMoneySchema>;

/** A job's average value: turnover over jobs, rounded to the cent. */
export const averageJobValue = (turnover: number, jobs: number) => (jobs === 0 ? 0 : Math.round(turnover / jobs));
