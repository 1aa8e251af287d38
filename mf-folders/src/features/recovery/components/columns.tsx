import { Tag, Typography } from 'antd';
import {
  RECOVERY_DEBTOR_LABELS,
  RECOVERY_TAB_LABELS,
  RECOVERY_TABS,
  type RecoveryRow,
  type RecoveryTab,
} from 'contracts';
import { Link } from 'react-router-dom';
import { DocumentLink, formatCents, formatDate, formatDateTime, type ServerColumn, type StatusTab } from 'shared-ui';

const TAB_COLORS: Record<RecoveryTab, string | undefined> = {
  a_relancer: 'gold',
  amiable: 'blue',
  mise_en_demeure: 'orange',
  contentieux: 'red',
  closed: 'green',
};

const days = (count: number) => `${count} jour${count > 1 ? 's' : ''}`;
const lastAction = (row: RecoveryRow) =>
  row.lastEventAt
    ? `${row.lastEventKind === 'comment' ? 'Commentaire' : 'Étape'} · ${formatDateTime(row.lastEventAt)}`
    : '';

/** The stage as a tag; a closed recovery the debtor paid says so. */
export function StageTag({ row }: { row: RecoveryRow }) {
  const paid = row.tab === 'closed' && row.amountDue === 0;
  return <Tag color={TAB_COLORS[row.tab]}>{paid ? 'Clos (payée)' : RECOVERY_TAB_LABELS[row.tab]}</Tag>;
}

/** Columns in the order of RECOVERY_COLUMNS (index = sortField); the tab's column is the stage. */
export const recoveryColumns: ServerColumn<RecoveryRow>[] = [
  {
    title: 'Dossier',
    dataIndex: 'folder',
    render: (_, row) =>
      row.folderId ? (
        <div>
          <Link to={`/folder/show/${row.folderId}`}>{row.folderNumber}</Link>
          {row.plate ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {row.plate}
            </Typography.Text>
          ) : null}
        </div>
      ) : (
        '—'
      ),
    exportValue: (row) => [row.folderNumber, row.plate].filter(Boolean).join(' · '),
  },
  {
    title: 'Facture',
    dataIndex: 'document',
    render: (_, row) => (
      <DocumentLink id={row.documentId} number={row.documentNumber} openingBalance={row.openingBalance} />
    ),
    exportValue: (row) => row.documentNumber,
  },
  {
    title: 'Débiteur',
    dataIndex: 'debtor',
    render: (_, row) => (
      <div>
        {row.debtorName}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {RECOVERY_DEBTOR_LABELS[row.debtorKind]}
        </Typography.Text>
      </div>
    ),
    exportValue: (row) => `${row.debtorName} (${RECOVERY_DEBTOR_LABELS[row.debtorKind]})`,
  },
  {
    title: 'Montant dû',
    dataIndex: 'amountDue',
    align: 'right',
    filterable: false,
    render: (_, row) => formatCents(row.amountDue),
    exportValue: (row) => row.amountDue / 100,
  },
  {
    title: 'Retard (jours)',
    dataIndex: 'daysOverdue',
    align: 'right',
    filterable: false,
    render: (_, row) => (
      <span title={`Échéance le ${formatDate(row.dueDate)}`}>{row.daysOverdue > 0 ? days(row.daysOverdue) : '—'}</span>
    ),
    exportValue: (row) => row.daysOverdue,
  },
  {
    title: 'Étape',
    // The tabs and the actions column's step already say it: in « Colonnes » at 1280 px.
    secondary: true,
    dataIndex: 'tab',
    filterable: false,
    render: (_, row) => <StageTag row={row} />,
    exportValue: (row) => RECOVERY_TAB_LABELS[row.tab],
  },
  {
    title: 'Dernière action',
    dataIndex: 'lastEventAt',
    filterable: false,
    render: (_, row) => lastAction(row) || '—',
    exportValue: lastAction,
  },
];

/** One tab per place a row can be, "À relancer" first; counts from the answer's statusCounts. */
export const recoveryTabs: StatusTab[] = RECOVERY_TABS.map((tab) => ({ key: tab, label: RECOVERY_TAB_LABELS[tab] }));
