import type { CompanyInfosResponse } from 'contracts';
import {
  COMPANY_INFOS_PATH,
  selectedCompanyOf,
  useApiQuery,
  useInvalidate,
  useSaveAction,
  useStoreAnswer,
} from 'shared-ui';
import { getCompanyInfos } from '../api/company';

/*
 * The selected garage as every app reads it (shared-ui's GET /api/company/infos): its name, labour rate, default VAT
 * and logo. A new quote starts from it, so a change of one of them is put there or read again at once.
 */

/** The selected garage (`companyId`, 0: none, nothing is read). */
export const useSelectedCompany = (companyId: number) =>
  useApiQuery(companyId > 0 ? COMPANY_INFOS_PATH : null, getCompanyInfos, { select: selectedCompanyOf });

/** Saves one setting of the selected garage (`save` answers whether it succeeded); then the garage is read again. */
export function useGarageSettingSave() {
  const { saving, run } = useSaveAction();
  const invalidate = useInvalidate();
  const save = (action: () => Promise<unknown>, done: string) =>
    run(
      async () => {
        await action();
        void invalidate(COMPANY_INFOS_PATH);
      },
      { done },
    );
  return { saving, save };
}

/**
 * The logo of garage `companyId` and `showLogo`, which puts the logo the server answered after an upload or a
 * removal in the selected garage's read: shown at once, with no second read.
 */
export function useGarageLogo(companyId: number) {
  const company = useSelectedCompany(companyId);
  const store = useStoreAnswer();
  const invalidate = useInvalidate();
  const current = company.data?.id === companyId ? company.data : undefined;
  const showLogo = (logoUrl: string | null) => {
    if (current) {
      store(COMPANY_INFOS_PATH, (infos: CompanyInfosResponse | undefined) =>
        infos?.company ? { ...infos, company: { ...infos.company, logoUrl } } : infos,
      );
    }
    // What was read is another garage's (the garage is being switched): read it again.
    else void invalidate(COMPANY_INFOS_PATH);
  };
  return { company, logoUrl: current?.logoUrl ?? null, showLogo };
}
