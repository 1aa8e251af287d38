import {
  type CompanyFeesBody,
  type CompanyProfileBody,
  companyFeesSchema,
  companyInfosResponseSchema,
  companyProfileSchema,
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

/** The selected company (its hourly rate) from GET /api/company/infos. */
export const getSelectedCompany = async () => (await request('api/company/infos', companyInfosResponseSchema)).company;

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
