import { ALL_COMPANIES_ID, type CompanyInfosResponse, companyInfosResponseSchema } from 'contracts';
import { apiKey } from '../query/api-key';
import { eventBus } from './event-bus';
import { request } from './http';
import { queryClient } from './query-client';
import { useSession } from './session-store';

/*
 * GET /api/company/infos: the selected garage (name, labour rate, default VAT, logo, units) and the user's garages.
 * Every app reads it through the page's one cache under this path with this one loader, so a page load asks it once
 * (the frame's logo, UNITÉS and a new quote share the answer) and a change anywhere reads it again for all.
 */

export const COMPANY_INFOS_PATH = 'api/company/infos';

// Read once per page load: the garage's details change by a save of this tab (which reads them again), units spent
// (refreshBalance below) or another tab (UNITÉS reads them again when the tab comes back to the front).
queryClient.setQueryDefaults(apiKey(COMPANY_INFOS_PATH), { staleTime: Number.POSITIVE_INFINITY });

/** The path's one loader; a page picks its part with `select` (`selectedCompanyOf`). */
export const getCompanyInfos = () => request(COMPANY_INFOS_PATH, companyInfosResponseSchema);

/** The selected garage of the answer (null with TOUT). */
export const selectedCompanyOf = (infos: CompanyInfosResponse) => infos.company;

/** UNITÉS: the selected garage's units, or under TOUT the sum of the user's garages. */
export function unitsOf(infos: CompanyInfosResponse): number {
  const selected = useSession.getState().claims?.companyId ?? ALL_COMPANIES_ID;
  return selected === ALL_COMPANIES_ID || !infos.company
    ? infos.companies.reduce((sum, company) => sum + company.jeton, 0)
    : infos.company.jeton;
}

/**
 * Re-reads the units balance from the server after a consumption (a Sidexa lookup, a purchase, a recovery): the
 * display token only knows the balance at sign-in. The answer refreshes the cache (every page showing the garage)
 * and every listener of 'units:changed' (the UNITÉS counter) follows.
 */
export async function refreshBalance(): Promise<number> {
  const infos = await queryClient.fetchQuery({
    queryKey: apiKey(COMPANY_INFOS_PATH),
    queryFn: getCompanyInfos,
    staleTime: 0,
  });
  const jeton = unitsOf(infos);
  useSession.getState().setJeton(jeton);
  eventBus.emit('units:changed', { jeton });
  return jeton;
}
