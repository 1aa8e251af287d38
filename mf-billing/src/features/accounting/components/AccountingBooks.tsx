import { Card, Flex, Skeleton, Typography } from 'antd';
import {
  ACCOUNTING_PATHS,
  type AccountingPeriod,
  type AccountingSettings,
  lastClosedFiscalYear,
  MONTH_NAMES,
  parisToday,
} from 'contracts';
import { useState } from 'react';
import { ErrorState, errorMessage, useApiQuery, useInvalidate, useStoreAnswer } from 'shared-ui';
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
export function AccountingBooks({ settings }: { settings: AccountingSettings }) {
  const [period, setPeriod] = useState<AccountingPeriod>(() =>
    lastClosedFiscalYear(parisToday(), settings.fiscalYearStartMonth),
  );
  const { companyId } = settings;
  const summary = useApiQuery(`${ACCOUNTING_PATHS.summary(companyId)}?from=${period.from}&to=${period.to}`, () =>
    getAccountingSummary(companyId, period),
  );
  const invalidate = useInvalidate();
  const store = useStoreAnswer();
  /** A new chart of accounts: the page shows it, and what the journals hold (their totals, their lines) is read again. */
  const chartSaved = (saved: AccountingSettings) => {
    store(ACCOUNTING_PATHS.settings(companyId), saved);
    void invalidate(ACCOUNTING_PATHS.summary(companyId), ACCOUNTING_PATHS.entries(companyId));
  };
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
        fecFileName={summary.data?.fecFileName ?? null}
      />
      {summary.error ? (
        <ErrorState
          title="Les journaux n’ont pas pu être calculés"
          description={errorMessage(summary.error, 'Réessayez dans un instant.')}
          onRetry={() => void summary.refetch()}
        />
      ) : !summary.data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <>
          <JournalSummary summary={summary.data} />
          <JournalTable companyId={companyId} period={period} totals={summary.data.journals} />
        </>
      )}
      {/* The form starts again from the chart as stored (the server trims and upper-cases what was typed). */}
      <AccountChart key={JSON.stringify(settings.accounts)} settings={settings} onSaved={chartSaved} />
    </Flex>
  );
}
