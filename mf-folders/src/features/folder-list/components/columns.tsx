import { customerPath, type FolderRow, vehiclePath } from 'contracts';
import { Link } from 'react-router-dom';
import { formatDate, formatDateTime, type ServerColumn } from 'shared-ui';
import { StatusTag } from '../../../lib/status-tag';

/** Columns of the folder lists: dataIndex order = the server's FOLDER_LIST_COLUMNS. */
export const folderColumns: ServerColumn<FolderRow>[] = [
  { title: 'Dossier', dataIndex: 'number', width: 140 },
  // The customer's and the vehicle's past are one click from the list (the row itself opens the folder).
  {
    title: 'Client',
    dataIndex: 'customer',
    render: (_, row) => (
      <Link to={customerPath(row.id)} title="Fiche client">
        {row.customer}
      </Link>
    ),
    exportValue: (row) => row.customer,
  },
  {
    title: 'Immatriculation',
    dataIndex: 'plate',
    width: 120,
    render: (_, row) => (
      <Link to={vehiclePath(row.plate)} title="Fiche véhicule">
        {row.plate}
      </Link>
    ),
    exportValue: (row) => row.plate,
  },
  { title: 'Véhicule', dataIndex: 'vehicle' },
  { title: 'Assureur', secondary: true, dataIndex: 'insurer', render: (_, row) => row.insurer ?? '—' },
  {
    title: 'Statut',
    dataIndex: 'status',
    filterable: false,
    render: (_, row) => <StatusTag label={row.status} color={row.statusColor} />,
  },
  { title: 'Technicien', dataIndex: 'technician', render: (_, row) => row.technician ?? '—' },
  {
    title: 'Rendez-vous',
    dataIndex: 'appointmentAt',
    filterable: false,
    render: (_, row) => (row.appointmentAt ? formatDateTime(row.appointmentAt) : '—'),
    exportValue: (row) => (row.appointmentAt ? formatDateTime(row.appointmentAt) : ''),
  },
  {
    title: 'Créé le',
    secondary: true,
    dataIndex: 'createdAt',
    filterable: false,
    render: (_, row) => formatDate(row.createdAt),
    exportValue: (row) => formatDate(row.createdAt),
  },
];

/** The garage, last: added only when TOUT spans several garages (FOLDER_LIST_COLUMNS keeps it last). */
export const garageColumn: ServerColumn<FolderRow> = {
  title: 'Garage',
  dataIndex: 'garage',
  width: 140,
  render: (_, row) => row.companyName,
  exportValue: (row) => row.companyName,
};

/** Index of the status column: the tabs filter on it. */
export const STATUS_COLUMN_INDEX = folderColumns.findIndex((column) => column.dataIndex === 'status');
