import { ALL_COMPANIES_ID, companyInfosResponseSchema } from 'contracts';
import { eventBus } from './event-bus';
import { request } from './http';
import { useSession } from './session-store';

/**
 * Re-reads the units balance from the server after a consumption (a Sidexa
 * lookup, a purchase): the display token only knows the balance at sign-in.
 * TOUT shows the sum of the user's companies. Every listener of
 * 'units:changed' (the UNITÉS counter) follows.
 */
/**
 * The selected garage as GET /api/company/infos answers it (null with TOUT): what pages read of that path, cached
 * under it (`useApiQuery('api/company/infos', getSelectedCompany)`).
 */
export const getSelectedCompany = async () => (await request('api/company/infos', companyInfosResponseSchema)).company;

export async function refreshBalance(): Promise<number> {
  const infos = await request('api/company/infos', companyInfosResponseSchema);
  const selected = useSession.getState().claims?.companyId ?? ALL_COMPANIES_ID;
  const jeton =
    selected === ALL_COMPANIES_ID || !infos.company
      ? infos.companies.reduce((sum, company) => sum + company.jeton, 0)
      : infos.company.jeton;
  useSession.getState().setJeton(jeton);
  eventBus.emit('units:changed', { jeton });
  return jeton;
}
