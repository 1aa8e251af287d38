import type { CompanyInfosResponse } from 'contracts';
import { COMPANY_INFOS_PATH, getCompanyInfos, useApiQuery } from 'shared-ui';

/**
 * The selected company's details (logos), from the page's cache: UNITÉS and the pages read the same answer, so a
 * page load asks it once. Being among the first calls of every page load, it also triggers the silent refresh when
 * the session aged.
 */
export function useCompanyInfos(): CompanyInfosResponse | null {
  return useApiQuery(COMPANY_INFOS_PATH, getCompanyInfos).data ?? null;
}
