import { EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { SUPPLIER_LIST_ERROR, type Supplier } from 'contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader, type ServerColumn, ServerTable, useCan, useInvalidate, useSession } from 'shared-ui';
import { supplierFetcher } from '../api/suppliers';
import { SupplierDrawer } from './SupplierDrawer';

const orDash = (value: string | null) => value ?? '—';
const columns: ServerColumn<Supplier>[] = [
  { title: 'Fournisseur', dataIndex: 'name' },
  { title: 'SIRET', dataIndex: 'siret', width: 160, render: (_, row) => orDash(row.siret) },
  { title: 'Contact', dataIndex: 'contactName', render: (_, row) => orDash(row.contactName) },
  { title: 'E-mail', dataIndex: 'email', render: (_, row) => orDash(row.email) },
  { title: 'Téléphone', dataIndex: 'phone', width: 140, render: (_, row) => orDash(row.phone) },
  { title: 'Ville', dataIndex: 'city', width: 160, render: (_, row) => orDash(row.city) },
  { title: 'Paiement', secondary: true, dataIndex: 'paymentTerms', width: 170 },
];

/** /company/supplier-list: the garage's suppliers, for purchase orders and expenses. */
export function SupplierListPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const mayKeepInsurers = useCan('insurers');
  const [editing, setEditing] = useState<Supplier | 'new'>();
  const invalidate = useInvalidate();
  return (
    <>
      <PageHeader
        title="Fournisseurs"
        extra={
          <Space>
            {mayKeepInsurers ? <Link to="/company/insurer-list">Annuaire des assureurs</Link> : null}
            <Button type="primary" onClick={() => setEditing('new')} disabled={companyId === 0}>
              Ajouter un fournisseur
            </Button>
          </Space>
        }
      />
      <ServerTable
        key={companyId}
        tableKey="supplier"
        columns={columns}
        fetcher={supplierFetcher}
        searchPlaceholder="Rechercher un fournisseur"
        defaultSort={{ field: 'name', dir: 'asc' }}
        defaultErrorMessage={SUPPLIER_LIST_ERROR}
        actionsTitle="Action"
        actions={(row) => (
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`Modifier ${row.name}`}
            onClick={() => setEditing(row)}
          />
        )}
        exports={{ csvName: 'fournisseurs.csv', excelName: 'fournisseurs.xlsx', printName: 'fournisseurs' }}
      />
      {editing ? (
        <SupplierDrawer
          supplier={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            // Every read of the suppliers: this list (keeping its search and page), a product's or an order's choice.
            void invalidate('api/supplier');
          }}
        />
      ) : null}
    </>
  );
}
