import { folderDocumentListSchema, folderDocumentSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/folder/{id}/documents: newest first. */
export const getDocuments = (folderId: number) => request(`api/folder/${folderId}/documents`, folderDocumentListSchema);

/** POST /api/folder/{id}/documents: the upload modal's form data. */
export const uploadDocument = (folderId: number, body: FormData) =>
  request(`api/folder/${folderId}/documents`, folderDocumentSchema, { method: 'post', body });

/** Where the browser downloads a document (always an attachment). */
export const documentUrl = (folderId: number, documentId: number) =>
  `/api/folder/${folderId}/documents/${documentId}/download`;
