import { folderStatusListSchema } from 'contracts';
import { request } from 'shared-ui';

/** The folder statuses of a company (0 = TOUT: all of the user's companies, one per label). */
export const getStatuses = (companyId: number) =>
  request(`api/company/${companyId}/status-folder`, folderStatusListSchema);
