import { type DeliverySignBody, folderDocumentSchema, type SignBody } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/folder/{id}/work-order/sign: the signed work order becomes a document of the folder. */
export const signWorkOrder = (folderId: number, body: SignBody) =>
  request(`api/folder/${folderId}/work-order/sign`, folderDocumentSchema, { method: 'post', json: body });

/** POST /api/folder/{id}/delivery-report/sign: the signed delivery report (with reservations) joins the documents. */
export const signDeliveryReport = (folderId: number, body: DeliverySignBody) =>
  request(`api/folder/${folderId}/delivery-report/sign`, folderDocumentSchema, { method: 'post', json: body });
