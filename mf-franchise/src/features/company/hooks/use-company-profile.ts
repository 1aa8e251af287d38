import { COMPANY_PROFILE_SAVED, type CompanyProfile, type CompanyProfileBody } from 'contracts';
import { COMPANY_INFOS_PATH, useApiQuery, useInvalidate, useSaveAction, useStoreAnswer } from 'shared-ui';
import { getCompanyProfile, saveCompanyProfile } from '../api/company';

/**
 * « Ma société » of garage `companyId` (0: none, nothing is read) and its save. The server answers the profile as it
 * stored it: `show` puts it in the form and the page keeps it with no second read; the selected garage as every app
 * reads it (its name, SIRET, VAT number) is read again. A refusal leaves the form as typed.
 */
export function useCompanyProfile(companyId: number, show: (saved: CompanyProfile) => void) {
  const path = `api/company/${companyId}/profile`;
  const profile = useApiQuery(companyId > 0 ? path : null, () => getCompanyProfile(companyId));
  const store = useStoreAnswer();
  const invalidate = useInvalidate();
  const { saving, run } = useSaveAction();
  const save = (values: CompanyProfileBody) =>
    run(
      async () => {
        const saved = await saveCompanyProfile(companyId, values);
        store(path, saved);
        void invalidate(COMPANY_INFOS_PATH);
        show(saved);
      },
      { done: COMPANY_PROFILE_SAVED },
    );
  return { ...profile, saving, save };
}
