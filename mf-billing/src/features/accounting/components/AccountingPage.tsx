import { Button, Skeleton } from 'antd';
import { ACCOUNTING_PATHS, ACCOUNTING_PICK_GARAGE } from 'contracts';
import { Link } from 'react-router-dom';
import { ErrorState, errorMessage, GaragePicker, PageHeader, useApiQuery, useSession } from 'shared-ui';
import { getAccountingSettings } from '../api/accounting';
import { AccountingBooks } from './AccountingBooks';

/**
 * /accounting « Comptabilité »: the selected garage's sales, receipts and expenses as journals VT, BQ, CA
 * and AC on its chart of accounts, and the files its accountant takes away (FEC, journals in CSV or Excel).
 */
export function AccountingPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const settings = useApiQuery(companyId === 0 ? null : ACCOUNTING_PATHS.settings(companyId), () =>
    getAccountingSettings(companyId),
  );
  const current = settings.data;

  return (
    <>
      <PageHeader
        title="Comptabilité"
        subtitle="Journaux des ventes, des encaissements et des achats, et fichier des écritures comptables (FEC)"
        extra={
          <Link to="/accounting/ereporting">
            <Button>E-reporting</Button>
          </Link>
        }
      />
      {companyId === 0 ? (
        <GaragePicker message={ACCOUNTING_PICK_GARAGE} />
      ) : settings.error ? (
        <ErrorState
          title="La comptabilité du garage n’a pas pu être chargée"
          description={errorMessage(settings.error, 'Réessayez dans un instant.')}
          onRetry={() => void settings.refetch()}
        />
      ) : !current || current.companyId !== companyId ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <AccountingBooks key={companyId} settings={current} />
      )}
    </>
  );
}
