import { type CompanyInfosResponse, companyInfosResponseSchema } from 'contracts';
import { useEffect, useState } from 'react';
import { request } from 'shared-ui';

/**
 * The selected company's details (logos). Being the first call of every page
 * load, it is also what triggers the silent refresh when the session aged.
 */
export function useCompanyInfos(): CompanyInfosResponse | null {
  const [infos, setInfos] = useState<CompanyInfosResponse | null>(null);
  useEffect(() => {
    request('api/company/infos', companyInfosResponseSchema)
      .then(setInfos)
      .catch(() => setInfos(null));
  }, []);
  return infos;
}
