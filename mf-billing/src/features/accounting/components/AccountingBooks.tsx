import { Card, Flex, Skeleton, Typography } from 'antd';
import {
  type AccountingPeriod,
  type AccountingSettings,
  lastClosedFiscalYear,
  MONTH_NAMES,
  parisToday,
} from 'contracts';
import { useCallback, useState } from 'react';
import { ErrorState, errorMessage, useRemoteData } from 'shared-ui';
import { getAccountingSummary } from '../api/accounting';
import { AccountChart } from './AccountChart';
import { AccountingDownloads } from './AccountingDownloads';
import { AccountingPeriodPicker } from './AccountingPeriodPicker';
import { JournalSummary } from './JournalSummary';
import { JournalTable } from './JournalTable';

/**
 * One garage's books over a period (its last closed fiscal year to start with: what an accountant closes and a tax
 * auditor asks for): the journals' totals and VAT, the exports, each journal's lines, the chart of accounts.
 */
export function AccountingBooks({
  settings,
  onSettings,
}: {
  settings: AccountingSettings;
  onSettings: (settings: AccountingSettings) => void;
}) {
  const [period, setPeriod] = useState<AccountingPeriod>(() =>
    lastClosedFiscalYear(parisToday(), settings.fiscalYearStartMonth),
  );
  const [version, setVersion] = useState(0);
  const load = useCallback(
    // `version`: a new chart of accounts changes what the journals hold.
    () => getAccountingSummary(settings.companyId, period).then((summary) => ({ summary, version })),
    [settings.companyId, period, version],
  );
  const summary = useRemoteData(load);
  const startMonth = MONTH_NAMES[settings.fiscalYearStartMonth - 1];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex vertical gap={8}>
          <AccountingPeriodPicker startMonth={settings.fiscalYearStartMonth} value={period} onChange={setPeriod} />
          <Typography.Text type="secondary">
            {settings.garage} — exercice commençant le 1er {startMonth} (modifiable dans « Ma société »).
          </Typography.Text>
        </Flex>
      </Card>
      <AccountingDownloads
        companyId={settings.companyId}
        period={period}
        fecFileName={summary.data?.summary.fecFileName ?? null}
      />
      {summary.error ? (
        <ErrorState
          title="Les journaux n’ont pas pu être calculés"
          description={errorMessage(summary.error, 'Réessayez dans un instant.')}
          onRetry={() => void summary.reload()}
        />
      ) : !summary.data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <>
          <JournalSummary summary={summary.data.summary} />
          <JournalTable
            companyId={settings.companyId}
            period={period}
            totals={summary.data.summary.journals}
            version={version}
          />
        </>
      )}
      <AccountChart
        key={version}
        settings={settings}
        onSaved={(saved) => {
          onSettings(saved);
          setVersion((count) => count + 1);
        }}
      />
    </Flex>
  );
}
