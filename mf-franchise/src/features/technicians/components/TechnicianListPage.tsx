import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
import { TECHNICIAN_LIST_ERROR, type Technician } from 'contracts';
import { Link } from 'react-router-dom';
import { PageHeader, type ServerColumn, ServerTable, useSession } from 'shared-ui';
import { technicianFetcher } from '../api/technicians';

const orDash = (value: string | null) => value ?? '—';

export const colorSwatch = (color: string, label: string) => (
  <span
    role="img"
    aria-label={`Couleur ${label}`}
    title={color}
    style={{
      display: 'inline-block',
      width: 20,
      height: 20,
      borderRadius: 4,
      background: color,
      border: '1px solid rgba(0,0,0,0.15)',
    }}
  />
);

const columns: ServerColumn<Technician>[] = [
  { title: 'Nom', dataIndex: 'name' },
  { title: 'Téléphone', dataIndex: 'phone', width: 140, render: (_, row) => orDash(row.phone) },
  { title: 'E-mail', dataIndex: 'email', render: (_, row) => orDash(row.email) },
  {
    title: 'Type',
    dataIndex: 'mobile',
    width: 110,
    filterable: false,
    render: (_, row) => (row.mobile ? 'Mobile' : 'Fixe'),
    exportValue: (row) => (row.mobile ? 'Mobile' : 'Fixe'),
  },
  {
    title: 'Compétences',
    dataIndex: 'skills',
    render: (_, row) =>
      row.skills.length ? (
        <Flex wrap gap={4}>
          {row.skills.map((skill) => (
            <Tag key={skill}>{skill}</Tag>
          ))}
        </Flex>
      ) : (
        '—'
      ),
    exportValue: (row) => row.skills.join(', '),
  },
  {
    title: 'Couleur',
    dataIndex: 'color',
    width: 90,
    filterable: false,
    // A colour is not an order.
    sorter: false,
    render: (_, row) => colorSwatch(row.color, row.name),
  },
  {
    title: 'Statut',
    dataIndex: 'active',
    width: 110,
    filterable: false,
    render: (_, row) => (row.active ? <Tag color="green">Actif</Tag> : <Tag>Inactif</Tag>),
    exportValue: (row) => (row.active ? 'Actif' : 'Inactif'),
  },
];

/** /technician/list "Poseurs": the fitters of the selected garage (the calendar's columns). */
export function TechnicianListPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  return (
    <>
      <PageHeader
        title="Poseurs"
        extra={
          companyId === 0 ? (
            <Button type="primary" disabled title="Sélectionnez un garage en haut à gauche">
              Ajouter un poseur
            </Button>
          ) : (
            <Link to="/technician/new/0">
              <Button type="primary">Ajouter un poseur</Button>
            </Link>
          )
        }
      />
      <ServerTable
        key={companyId}
        tableKey="technician"
        columns={columns}
        fetcher={technicianFetcher}
        searchPlaceholder="Rechercher un poseur"
        defaultSort={{ field: 'name', dir: 'asc' }}
        defaultErrorMessage={TECHNICIAN_LIST_ERROR}
        rowHref={(row) => `/technician/new/${row.id}`}
        actionsTitle="Action"
        actions={(row) => (
          // A link styled as the icon button (a button inside a link would be a second, unnamed control).
          <Link
            to={`/technician/new/${row.id}`}
            aria-label={`Modifier ${row.name}`}
            className="ant-btn ant-btn-text ant-btn-icon-only"
          >
            <EditOutlined />
          </Link>
        )}
        exports={{ csvName: 'poseurs.csv', excelName: 'poseurs.xlsx', printName: 'poseurs' }}
      />
    </>
  );
}
