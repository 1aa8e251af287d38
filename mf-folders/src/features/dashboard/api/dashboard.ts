import {
  type DashboardChart,
  dashboardFiguresSchema,
  dashboardLatestSchema,
  dashboardMoneySchema,
  dashboardRankingsSchema,
  setupChecklistSchema,
} from 'contracts';
import { request } from 'shared-ui';

type Period = { from: string; to: string };

/** A widget's path with its period, as its call sends it: its key in the page's cache. */
export const periodPath = (path: string, { from, to }: Period) => `${path}?${new URLSearchParams({ from, to })}`;

/** The widget actions of the home page (docs/product.md), each one call. */
export const dashboardApi = {
  getFolders: () => request('api/dashboard', dashboardLatestSchema),
  getStatuses: (period: Period) =>
    request('api/dashboard/folders-by-status', dashboardFiguresSchema, { searchParams: period }),
  getFoldersByInsurance: (period: Period) =>
    request('api/dashboard/folders-by-insurance', dashboardFiguresSchema, { searchParams: period }),
  getStatsInsurances: (period: Period) =>
    request('api/dashboard/stats-insurances', dashboardFiguresSchema, { searchParams: period }),
  getStatsKnownBy: (period: Period) =>
    request('api/dashboard/stats-knownby', dashboardFiguresSchema, { searchParams: period }),
  getRankings: (period: Period) => request('api/dashboard/rankings', dashboardRankingsSchema, { searchParams: period }),
  getMoney: (period: Period) => request('api/dashboard/money', dashboardMoneySchema, { searchParams: period }),
  /** « Mise en route » of the garage: the dashboard says when it cannot invoice yet. */
  getSetup: (companyId: number) => request(`api/company/${companyId}/setup`, setupChecklistSchema),
  getChart: (type: DashboardChart, period: Period) =>
    request(`api/dashboard/chart/${type}`, dashboardFiguresSchema, { searchParams: period }),
};
