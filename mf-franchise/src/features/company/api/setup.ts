import { setupChecklistSchema } from 'contracts';
import { request } from 'shared-ui';

export const setupPath = (companyId: number) => `api/company/${companyId}/setup`;

/** GET /api/company/{id}/setup: « Mise en route » of the garage. */
export const getSetupChecklist = (companyId: number) => request(setupPath(companyId), setupChecklistSchema);
