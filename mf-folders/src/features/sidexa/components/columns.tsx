import { FilePdfOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { SIDEXA_STATE_LABELS, SIDEXA_STATES, type SidexaRow, type SidexaState, sidexaReportUrl } from 'contracts';
import { Link } from 'react-router-dom';
import { formatDate, formatDateTime, type ServerColumn, type StatusTab } from 'shared-ui';
import { StatusTag } from '../../../lib/status-tag';

const STATE_COLORS: Record<SidexaState, string | undefined> = {
  pending: undefined,
  found: 'blue',
  not_found: 'orange',
  priced: 'green',
};

const units = (count: number) => `${count} unité${Math.abs(count) > 1 ? 's' : ''}`;

/** Columns of /sidexa/list in the order of SIDEXA_TABLE_COLUMNS (index = sortField); the state last, for the tabs. */
export const sidexaColumns: ServerColumn<SidexaRow>[] = [
  {
    title: 'Date de création',
    dataIndex: 'createdAt',
    width: 130,
    filterable: false,
    render: (_, row) => formatDate(row.createdAt),
    exportValue: (row) => formatDate(row.createdAt),
  },
  {
    title: 'Dossier',
    dataIndex: 'folder',
    render: (_, row) => (
      <div>
        <Link to={`/folder/show/${row.folderId}`}>{row.folder}</Link>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {[row.plate, row.vehicle].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
    ),
  },
  {
    title: 'Statut interne',
    dataIndex: 'status',
    render: (_, row) => <StatusTag label={row.status} color={row.statusColor} />,
  },
  {
    title: 'Rendez-vous',
    dataIndex: 'appointmentAt',
    filterable: false,
    render: (_, row) => (row.appointmentAt ? formatDateTime(row.appointmentAt) : '—'),
    exportValue: (row) => (row.appointmentAt ? formatDateTime(row.appointmentAt) : ''),
  },
  // On demand (« Colonnes »): the list holds at 1280 px with headers whose words are never cut.
  { title: 'Technicien', secondary: true, dataIndex: 'technician', render: (_, row) => row.technician ?? '—' },
  { title: 'Vitrage', secondary: true, dataIndex: 'glass', render: (_, row) => row.glass ?? '—' },
  {
    title: 'Consommation',
    dataIndex: 'consumption',
    align: 'right',
    filterable: false,
    render: (_, row) => units(row.consumption),
    exportValue: (row) => row.consumption,
  },
  {
    title: 'Rapport',
    dataIndex: 'report',
    filterable: false,
    render: (_, row) =>
      row.report ? (
        <a
          href={sidexaReportUrl(row.id)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Rapport PDF ${row.plate}`}
        >
          <FilePdfOutlined /> PDF
        </a>
      ) : (
        '—'
      ),
    exportValue: (row) => (row.report ? sidexaReportUrl(row.id) : ''),
  },
  {
    title: 'État',
    dataIndex: 'state',
    filterable: false,
    render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{SIDEXA_STATE_LABELS[row.state]}</Tag>,
    exportValue: (row) => SIDEXA_STATE_LABELS[row.state],
  },
];

/** "TOUT" then one tab per lookup state; their counts are the answer's statusCounts (all, pending…). */
export const sidexaTabs: StatusTab[] = [
  { key: 'all', label: 'TOUT', value: '' },
  ...SIDEXA_STATES.map((state) => ({ key: state, label: SIDEXA_STATE_LABELS[state] })),
];
