import { COMPANY_INFOS_PATH, getCompanyInfos, selectedCompanyOf } from '../runtime/refresh-balance';
import { useApiQuery } from './use-api-query';

/** The selected garage (null under TOUT), read through the page's cache; `enabled` false reads nothing. */
export const useSelectedCompany = (enabled = true) =>
  useApiQuery(enabled ? COMPANY_INFOS_PATH : null, getCompanyInfos, { select: selectedCompanyOf });
