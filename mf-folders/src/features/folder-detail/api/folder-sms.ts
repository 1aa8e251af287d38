import { createdDocumentSchema, folderSmsListSchema, type SendFolderSmsBody } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/folder/{id}/sms: the folder's SMS with their status, and the templates filled for it. */
export const getFolderSms = (folderId: number) => request(`api/folder/${folderId}/sms`, folderSmsListSchema);

/** POST /api/folder/{id}/sms: an SMS to the folder's customer, through the outbox. */
export const sendFolderSms = (folderId: number, body: SendFolderSmsBody) =>
  request(`api/folder/${folderId}/sms`, createdDocumentSchema, { method: 'post', json: body });
