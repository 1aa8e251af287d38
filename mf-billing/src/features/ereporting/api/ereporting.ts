import {
  EREPORTING_PATHS,
  ereportCorrectionSchema,
  ereportOverviewSchema,
  ereportRunResultSchema,
  ereportTransmissionSchema,
} from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/** GET /api/company/{companyId}/ereporting: platform, VAT regime and rhythm, transmissions to correct. */
export const getEreportOverview = (companyId: number) =>
  request(EREPORTING_PATHS.overview(companyId), ereportOverviewSchema);

/** GET /api/company/{companyId}/ereporting/list: the transmissions (shared paging, tabs by report). */
export const ereportFetcher = (companyId: number) =>
  pagedFetcher(EREPORTING_PATHS.list(companyId), ereportTransmissionSchema);

/** POST /api/company/{companyId}/ereporting/run: « Transmettre maintenant ». */
export const runEreporting = (companyId: number) =>
  request(EREPORTING_PATHS.run(companyId), ereportRunResultSchema, { method: 'post' });

/** POST /api/company/{companyId}/ereporting/{id}/correction: the period sent again as a rectifying report. */
export const correctEreport = (companyId: number, id: number) =>
  request(EREPORTING_PATHS.correction(companyId, id), ereportCorrectionSchema, { method: 'post' });
