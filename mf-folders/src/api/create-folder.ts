import { type FolderCreateBody, folderCreatedSchema, folderDefaultValuesSchema, INTERNAL_TYPE } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/folder/default-values: insurers, known-by entries and technicians of the selected garage (or of one). */
export const getDefaultValues = (companyId?: number) =>
  request('api/folder/default-values', folderDefaultValuesSchema, {
    searchParams: companyId === undefined ? {} : { companyId },
  });

/** What `getDefaultValues(companyId)` reads: its key in the page's cache. */
export const defaultValuesPath = (companyId?: number) =>
  companyId === undefined ? 'api/folder/default-values' : `api/folder/default-values?companyId=${companyId}`;

/** POST /api/folder/new/{type}: answers the new folder's id and number. */
export const createFolder = (body: FolderCreateBody, type = INTERNAL_TYPE) =>
  request(`api/folder/new/${encodeURIComponent(type)}`, folderCreatedSchema, { method: 'post', json: body });
