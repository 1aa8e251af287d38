import { Alert, Skeleton } from 'antd';
import { ACCOUNTING_PICK_GARAGE, type AccountingSettings } from 'contracts';
import { useCallback, useState } from 'react';
import { ErrorState, errorMessage, PageHeader, useRemoteData, useSession } from 'shared-ui';
import { getAccountingSettings } from '../api/accounting';
import { AccountingBooks } from './AccountingBooks';

/**
 * /accounting « Comptabilité »: the selected garage's sales, receipts and expenses as journals VT, BQ, CA
 * and AC on its chart of accounts, and the files its accountant takes away (FEC, journals in CSV or Excel).
 */
export function AccountingPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const load = useCallback(() => getAccountingSettings(companyId), [companyId]);
  const settings = useRemoteData(load, companyId !== 0);
  // The chart as last saved, until the garage changes.
  const [saved, setSaved] = useState<AccountingSettings>();
  const current = saved?.companyId === companyId ? saved : settings.data;

  return (
    <>
      <PageHeader
        title="Comptabilité"
        subtitle="Journaux des ventes, des encaissements et des achats, et fichier des écritures comptables (FEC)"
      />
      {companyId === 0 ? (
        <Alert type="warning" showIcon message={ACCOUNTING_PICK_GARAGE} />
      ) : settings.error ? (
        <ErrorState
          title="La comptabilité du garage n’a pas pu être chargée"
          description={errorMessage(settings.error, 'Réessayez dans un instant.')}
          onRetry={() => void settings.reload()}
        />
      ) : !current || current.companyId !== companyId ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <AccountingBooks key={companyId} settings={current} onSettings={setSaved} />
      )}
    </>
  );
}
