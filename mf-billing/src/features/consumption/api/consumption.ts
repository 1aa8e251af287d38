import { consumptionRowSchema } from 'contracts';
import { pagedFetcher } from 'shared-ui';

/** GET /api/company/consumption/list: the units ledger (shared paging; the tab filters column 3). */
export const consumptionFetcher = pagedFetcher('api/company/consumption/list', consumptionRowSchema);
