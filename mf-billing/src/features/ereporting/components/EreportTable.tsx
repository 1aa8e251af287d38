import { Button, Flex, Tag, Typography } from 'antd';
import {
  centsToText,
  EREPORT_COLUMNS,
  EREPORT_KIND_LABELS,
  EREPORT_KINDS,
  EREPORT_LIST_ERROR,
  EREPORTING_PATHS,
  type EreportStatus,
  type EreportTransmission,
} from 'contracts';
import { useMemo, useState } from 'react';
import {
  formatCents,
  formatDateTime,
  type ServerColumn,
  ServerTable,
  type StatusTab,
  useFeedback,
  useInvalidate,
  useSaveAction,
} from 'shared-ui';
import { correctEreport, ereportFetcher } from '../api/ereporting';
import { EreportDetailModal } from './EreportDetailModal';

/** Preset colours, as the product's other statuses: their text passes the contrast check (antd's « success » does not). */
const STATUS_COLORS: Record<EreportStatus, string> = {
  queued: 'default',
  deposited: 'blue',
  accepted: 'green',
  rejected: 'red',
  blocked: 'orange',
  replaced: 'default',
};

/** Columns in the order of the server's columns map (EREPORT_COLUMNS). */
const columns: ServerColumn<EreportTransmission>[] = [
  {
    title: 'Période',
    dataIndex: 'period',
    width: 250,
    filterable: false,
    render: (_, row) => (
      <Flex vertical gap={2}>
        <Flex gap={6} wrap>
          {row.periodLabel}
          {row.correctsId !== null && <Tag>Rectificative</Tag>}
        </Flex>
        <Typography.Text type="secondary">{EREPORT_KIND_LABELS[row.kind]}</Typography.Text>
      </Flex>
    ),
    exportValue: (row) => row.periodLabel,
  },
  {
    // Under the period already: a column for the exports and the tab's filter, shown from « Colonnes ».
    title: 'Rapport',
    secondary: true,
    dataIndex: 'kind',
    width: 200,
    filterable: false,
    render: (_, row) => EREPORT_KIND_LABELS[row.kind],
    exportValue: (row) => EREPORT_KIND_LABELS[row.kind],
  },
  {
    title: 'Statut',
    dataIndex: 'status',
    filterable: false,
    render: (_, row) => (
      <Flex vertical gap={2}>
        <span>
          <Tag color={STATUS_COLORS[row.status]}>{row.statusLabel}</Tag>
        </span>
        {row.reason && <Typography.Text type={row.correctable ? 'danger' : 'secondary'}>{row.reason}</Typography.Text>}
      </Flex>
    ),
    exportValue: (row) => (row.reason ? `${row.statusLabel} : ${row.reason}` : row.statusLabel),
  },
  {
    // HT for the sales, TTC for the payments: the detail says which.
    title: 'Montant',
    dataIndex: 'amount',
    width: 130,
    align: 'right',
    filterable: false,
    render: (_, row) => formatCents(row.amount),
    exportValue: (row) => centsToText(row.amount),
  },
  {
    title: 'TVA',
    dataIndex: 'tax',
    width: 100,
    align: 'right',
    filterable: false,
    render: (_, row) => formatCents(row.tax),
    exportValue: (row) => centsToText(row.tax),
  },
  {
    title: 'Pièces',
    secondary: true,
    dataIndex: 'count',
    width: 90,
    align: 'right',
    filterable: false,
  },
  {
    title: 'Déposée le',
    secondary: true,
    dataIndex: 'depositedAt',
    width: 160,
    filterable: false,
    render: (_, row) => (row.depositedAt ? formatDateTime(row.depositedAt) : '—'),
    exportValue: (row) => (row.depositedAt ? formatDateTime(row.depositedAt) : ''),
  },
];
const KIND_INDEX = EREPORT_COLUMNS.indexOf('kind');
const TABS: StatusTab[] = [
  { key: 'all', label: 'TOUT', value: '' },
  ...EREPORT_KINDS.map((kind) => ({ key: kind, label: EREPORT_KIND_LABELS[kind] })),
];

/** The garage's transmissions: tabs by report, the detail of each, its file, the correction of a rejected one. */
export function EreportTable({ companyId }: { companyId: number }) {
  const fetcher = useMemo(() => ereportFetcher(companyId), [companyId]);
  const [shown, setShown] = useState<EreportTransmission>();
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const { isSaving, run } = useSaveAction();

  const correct = async (row: EreportTransmission) => {
    const confirmed = await feedback.confirm({
      title: `Corriger la transmission « ${row.periodLabel} » ?`,
      content:
        'La période est recalculée à partir des factures, avoirs et paiements tels qu’ils sont maintenant, puis envoyée comme transmission rectificative.',
      okText: 'Corriger et renvoyer',
    });
    if (!confirmed) return;
    await run(
      async () => {
        await correctEreport(companyId, row.id);
        await invalidate(EREPORTING_PATHS.overview(companyId));
      },
      {
        key: row.id,
        done: 'Transmission rectificative préparée : le tableau dit si elle part ou si elle reste bloquée',
      },
    );
  };

  return (
    <>
      <ServerTable
        tableKey="ereporting"
        columns={columns}
        fetcher={fetcher}
        defaultSort={{ field: 'period', dir: 'desc' }}
        statusTabs={TABS}
        statusColumnIndex={KIND_INDEX}
        searchPlaceholder="Rechercher un motif de rejet"
        defaultErrorMessage={EREPORT_LIST_ERROR}
        emptyText="Aucune transmission pour l’instant : la première part le lendemain de la première période terminée"
        actionsTitle="Actions"
        actionsWidth={230}
        exports={{ csvName: 'e-reporting.csv', excelName: 'e-reporting.xlsx', printName: 'E-reporting' }}
        actions={(row) => (
          <Flex gap={4} wrap>
            <Button size="small" onClick={() => setShown(row)} aria-label={`Détail : ${row.periodLabel}`}>
              Détail
            </Button>
            {row.hasFile && (
              <Button
                size="small"
                href={EREPORTING_PATHS.file(companyId, row.id)}
                aria-label={`Fichier transmis : ${row.periodLabel}`}
              >
                Fichier
              </Button>
            )}
            {row.correctable && (
              <Button size="small" danger loading={isSaving(row.id)} onClick={() => void correct(row)}>
                Corriger et renvoyer
              </Button>
            )}
          </Flex>
        )}
      />
      <EreportDetailModal transmission={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
