import {
  type CompanyFeesBody,
  type CompanyProfileBody,
  type CompanyTaxBody,
  companyFeesSchema,
  companyLogoResponseSchema,
  companyProfileSchema,
  companyTaxSchema,
  type FolderStatusBody,
  folderStatusSettingListSchema,
  folderStatusSettingSchema,
  knownByListSchema,
  knownBySchema,
} from 'contracts';
import { request, send } from 'shared-ui';

/** GET /api/company/{id}/profile: "Ma société". */
export const getCompanyProfile = (companyId: number) =>
  request(`api/company/${companyId}/profile`, companyProfileSchema);

/** PUT /api/company/{id}/profile. */
export const saveCompanyProfile = (companyId: number, body: CompanyProfileBody) =>
  request(`api/company/${companyId}/profile`, companyProfileSchema, { method: 'put', json: body });

/** The garage's details (hourly rate, default VAT, logo): shared-ui's one reading of GET /api/company/infos. */
export { getCompanyInfos } from 'shared-ui';

/** PUT /api/company/{id}/default-tax-rate. */
export const saveDefaultTaxRate = (companyId: number, body: CompanyTaxBody) =>
  request(`api/company/${companyId}/default-tax-rate`, companyTaxSchema, { method: 'put', json: body });

/** POST /api/company/{id}/fees: the hourly rate in euros. */
export const saveHourlyRate = (companyId: number, body: CompanyFeesBody) =>
  request(`api/company/${companyId}/fees`, companyFeesSchema, { method: 'post', json: body });

/** The "connu par" list: GET/POST /api/company/{id}/known, PUT/DELETE /api/company/{id}/known/{knownId}. */
export const getKnownBy = (companyId: number) => request(`api/company/${companyId}/known`, knownByListSchema);
export const addKnownBy = (companyId: number, label: string) =>
  request(`api/company/${companyId}/known`, knownBySchema, { method: 'post', json: { label } });
export const renameKnownBy = (companyId: number, knownId: number, label: string) =>
  request(`api/company/${companyId}/known/${knownId}`, knownBySchema, { method: 'put', json: { label } });
export const deleteKnownBy = (companyId: number, knownId: number) =>
  send(`api/company/${companyId}/known/${knownId}`, { method: 'delete' });

/**
 * The garage's folder statuses (settings): GET/POST /api/company/{id}/folder-statuses, PUT/DELETE …/{statusId},
 * PUT …/order with every id in the new order.
 */
export const getFolderStatuses = (companyId: number) =>
  request(`api/company/${companyId}/folder-statuses`, folderStatusSettingListSchema);
export const addFolderStatus = (companyId: number, body: FolderStatusBody) =>
  request(`api/company/${companyId}/folder-statuses`, folderStatusSettingSchema, { method: 'post', json: body });
export const saveFolderStatus = (companyId: number, statusId: number, body: FolderStatusBody) =>
  request(`api/company/${companyId}/folder-statuses/${statusId}`, folderStatusSettingSchema, {
    method: 'put',
    json: body,
  });
export const deleteFolderStatus = (companyId: number, statusId: number) =>
  send(`api/company/${companyId}/folder-statuses/${statusId}`, { method: 'delete' });
export const reorderFolderStatuses = (companyId: number, ids: number[]) =>
  request(`api/company/${companyId}/folder-statuses/order`, folderStatusSettingListSchema, {
    method: 'put',
    json: { ids },
  });

/** POST /api/company/{id}/logo as form data (one file `file`): answers the new logo's URL. */
export const uploadCompanyLogo = (companyId: number, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return request(`api/company/${companyId}/logo`, companyLogoResponseSchema, { method: 'post', body });
};

/** DELETE /api/company/{id}/logo. */
export const deleteCompanyLogo = (companyId: number) => send(`api/company/${companyId}/logo`, { method: 'delete' });
