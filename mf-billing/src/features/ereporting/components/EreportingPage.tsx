import { Skeleton } from 'antd';
import { EREPORTING_PATHS, EREPORTING_PICK_GARAGE } from 'contracts';
import { ErrorState, errorMessage, GaragePicker, PageHeader, useApiQuery, useSession } from 'shared-ui';
import { getEreportOverview } from '../api/ereporting';
import { EreportOverviewCard } from './EreportOverviewCard';
import { EreportTable } from './EreportTable';

/**
 * /accounting/ereporting « E-reporting »: what the selected garage told the administration through its approved
 * platform of the sales no e-invoice carries (private customers) and of the payments for its services, period by
 * period; a rejected transmission is corrected from here.
 */
export function EreportingPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const overview = useApiQuery(companyId === 0 ? null : EREPORTING_PATHS.overview(companyId), () =>
    getEreportOverview(companyId),
  );
  return (
    <>
      <PageHeader
        title="E-reporting"
        subtitle="Ventes aux particuliers et encaissements des prestations, transmis à l’administration par votre plateforme agréée"
        breadcrumb={[{ title: 'Comptabilité', href: '/accounting' }, { title: 'E-reporting' }]}
      />
      {companyId === 0 ? (
        <GaragePicker message={EREPORTING_PICK_GARAGE} />
      ) : overview.error ? (
        <ErrorState
          title="L’e-reporting du garage n’a pas pu être chargé"
          description={errorMessage(overview.error, 'Réessayez dans un instant.')}
          onRetry={() => void overview.refetch()}
        />
      ) : !overview.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <EreportOverviewCard companyId={companyId} overview={overview.data} />
          <EreportTable key={companyId} companyId={companyId} />
        </>
      )}
    </>
  );
}
