import { documentPlatformSchema } from 'contracts';
import { request } from 'shared-ui';

/*
 * GET /api/einvoicing/document/{id}: the document on the approved platform (its deposit and the statuses back). Its own
 * file: the folder page's billing block loads api/documents.ts, and must not carry the e-invoicing contracts with it.
 */
export const getDocumentPlatform = (id: number) => request(`api/einvoicing/document/${id}`, documentPlatformSchema);
