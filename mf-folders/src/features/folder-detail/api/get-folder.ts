import { folderShowResponseSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/folder/show/{id}: the folder, its history (newest first) and its company's statuses. */
export const getFolderPage = (id: number) => request(`api/folder/show/${id}`, folderShowResponseSchema);
