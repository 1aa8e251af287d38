import { folderDocumentSchema, type SignBody } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/sign/{id}: the signed assignment of claim becomes a document of the folder. */
export const signCession = (folderId: number, body: SignBody) =>
  request(`api/sign/${folderId}`, folderDocumentSchema, { method: 'post', json: body });
