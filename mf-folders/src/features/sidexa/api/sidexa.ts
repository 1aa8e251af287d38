import {
  type CompanyFeesBody,
  companyFeesSchema,
  companyInfosResponseSchema,
  DEFAULT_SIDEXA_SCOPE,
  folderDetailSchema,
  type ScopedTokenBody,
  SIDEXA_TOKEN_HEADER,
  type SidexaEnrichBody,
  scopedTokenSchema,
  sidexaEnrichResponseSchema,
  sidexaQuotationResponseSchema,
  sidexaRowSchema,
  sidexaStatusSchema,
  type UnitConsumptionBody,
  unitConsumptionSchema,
} from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/*
 * The vehicle quotation lookup's calls (contracts/src/sidexa.ts), in the order the search makes them,
 * through the shared client and parsed with the contracts.
 */

/** GET /api/sidexa/table: the lookups of the user's companies (shared paging, statusCounts per state). */
export const sidexaFetcher = pagedFetcher('api/sidexa/table', sidexaRowSchema);

/** GET /api/folder/{id}: what the search needs of the folder (its company, number and plate). */
export const getFolderBrief = (folderId: number) => request(`api/folder/${folderId}`, folderDetailSchema);

/** GET /api/folder/{id}/sidexa-status: charged for the scope (tokenId) and answered (hasVehicleData). */
export const getSidexaStatus = (folderId: number) =>
  request(`api/folder/${folderId}/sidexa-status`, sidexaStatusSchema, {
    searchParams: { scope: DEFAULT_SIDEXA_SCOPE },
  });

/** POST /api/token/generate-scoped: a token for the folder's existing lookup (no unit consumed). */
export const generateScopedToken = (body: ScopedTokenBody) =>
  request('api/token/generate-scoped', scopedTokenSchema, { method: 'post', json: body });

/**
 * POST /api/folder/{id}/jetons/create: consumes one unit (once per folder and scope). 401 with `redirect` when the
 * company has no unit left: the ApiError's body carries it (`redirectOf`).
 */
export const consumeUnit = (folderId: number, body: UnitConsumptionBody) =>
  request(`api/folder/${folderId}/jetons/create`, unitConsumptionSchema, { method: 'post', json: body });

/** GET /api/folder/{id}/sidexa-quotation: the vehicle and its lines, or a string (the provider's no-result text). */
export const getSidexaQuotation = (folderId: number, token: string) =>
  request(`api/folder/${folderId}/sidexa-quotation`, sidexaQuotationResponseSchema, {
    headers: { [SIDEXA_TOKEN_HEADER]: token },
  });

/** POST /api/folder/{id}/sidexa-quotation/enrich: the parts picked (one variant each), priced with their labour. */
export const enrichSidexaQuotation = (folderId: number, token: string, body: SidexaEnrichBody) =>
  request(`api/folder/${folderId}/sidexa-quotation/enrich`, sidexaEnrichResponseSchema, {
    method: 'post',
    json: body,
    headers: { [SIDEXA_TOKEN_HEADER]: token },
  });

/** POST /api/company/{companyId}/fees: the company's hourly rate (euros). */
export const saveCompanyFees = (companyId: number, body: CompanyFeesBody) =>
  request(`api/company/${companyId}/fees`, companyFeesSchema, { method: 'post', json: body });

/** The hourly rate (euros) of the folder's company, from GET /api/company/infos; null when it has none. */
export async function getCompanyHourlyRate(companyId: number): Promise<number | null> {
  const infos = await request('api/company/infos', companyInfosResponseSchema);
  const company = infos.companies.find((item) => item.id === companyId) ?? infos.company;
  return company?.hourlyRate ?? null;
}
