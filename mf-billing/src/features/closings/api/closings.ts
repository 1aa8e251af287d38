import { closingRowSchema } from 'contracts';
import { pagedFetcher } from 'shared-ui';

/** GET /api/closings/list: the closings of the user's garages (shared paging, tabs by kind). */
export const closingFetcher = pagedFetcher('api/closings/list', closingRowSchema);
