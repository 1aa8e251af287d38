import { type FolderUpdateBody, folderDetailSchema } from 'contracts';
import { request } from 'shared-ui';

/** PUT /api/folder/{id}: contact details left empty keep their stored value. */
export const updateFolder = (id: number, body: FolderUpdateBody) =>
  request(`api/folder/${id}`, folderDetailSchema, { method: 'put', json: body });
