import { Tabs } from 'antd';
import {
  type AccountingPeriod,
  JOURNAL_LABELS,
  JOURNALS,
  type JournalCode,
  type JournalLineRow,
  type JournalTotals,
} from 'contracts';
import { useMemo, useState } from 'react';
import { formatCents, formatDate, type ServerColumn, ServerTable } from 'shared-ui';
import { journalFetcher } from '../api/accounting';

const amount = (cents: number) => (cents === 0 ? '' : formatCents(cents));

/** A journal's lines in entry order: the server numbers them, so no column sorts nor filters on its own. */
const fixed = (column: ServerColumn<JournalLineRow>): ServerColumn<JournalLineRow> => ({
  ...column,
  sorter: false,
  filterable: false,
});
const columns = (
  [
    { title: 'N°', dataIndex: 'entryNumber', width: 70, align: 'right' },
    { title: 'Date', dataIndex: 'date', width: 110, render: (_, row) => formatDate(row.date) },
    {
      title: 'Compte',
      dataIndex: 'account',
      width: 220,
      render: (_, row) => `${row.account} ${row.accountLabel}`,
    },
    {
      title: 'Tiers',
      secondary: true,
      dataIndex: 'auxAccount',
      width: 240,
      render: (_, row) => (row.auxAccount ? `${row.auxAccount} ${row.auxLabel}` : ''),
    },
    { title: 'Pièce', dataIndex: 'pieceRef', width: 150 },
    { title: 'Libellé', dataIndex: 'label' },
    { title: 'Débit', dataIndex: 'debit', width: 130, align: 'right', render: (_, row) => amount(row.debit) },
    { title: 'Crédit', dataIndex: 'credit', width: 130, align: 'right', render: (_, row) => amount(row.credit) },
  ] satisfies ServerColumn<JournalLineRow>[]
).map(fixed);

/** One tab per journal (VT, BQ, CA, AC, with its count of entries), its lines a page at a time from the server. */
export function JournalTable({
  companyId,
  period,
  totals,
}: {
  companyId: number;
  period: AccountingPeriod;
  totals: JournalTotals[];
}) {
  const [journal, setJournal] = useState<JournalCode>('VT');
  const fetcher = useMemo(() => journalFetcher(companyId, journal, period), [companyId, journal, period]);
  return (
    <>
      <Tabs
        activeKey={journal}
        onChange={(key) => setJournal(key as JournalCode)}
        items={JOURNALS.map((code) => ({
          key: code,
          label: `${JOURNAL_LABELS[code]} (${code}) · ${totals.find((each) => each.code === code)?.entries ?? 0}`,
        }))}
      />
      <ServerTable
        tableKey="accounting-journal"
        columns={columns}
        fetcher={fetcher}
        headerTitle={`Journal ${JOURNAL_LABELS[journal].toLowerCase()} (${journal})`}
        searchPlaceholder="Rechercher un compte, un tiers, une pièce"
        params={{ journal, from: period.from, to: period.to }}
        exports={false}
        emptyText="Aucune écriture dans ce journal pour la période"
      />
    </>
  );
}
