import { integrityReportSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/integrity/{companyId}: the chain recomputed now. */
export const checkIntegrity = (companyId: number) => request(`api/integrity/${companyId}`, integrityReportSchema);
