import { Button } from 'antd';
import { PRODUCT_LIST_ERROR } from 'contracts';
import { Link } from 'react-router-dom';
import { PageHeader, ServerTable, type StatusTab } from 'shared-ui';
import { productFetcher } from '../api/products';
import { productAction, productColumns, STATUS_COLUMN_INDEX } from './columns';

const TABS: StatusTab[] = [
  { key: 'all', label: 'TOUT', value: '' },
  { key: 'enabled', label: 'Activés', value: 'false' },
  { key: 'disabled', label: 'Désactivés', value: 'true' },
];

/** "Mes produits": the garage's products and the franchise catalogue (greyed: read-only), newest name first. */
export function ProductListPage() {
  return (
    <>
      <PageHeader
        title="Mes produits"
        extra={
          <Link to="/product/new/0">
            <Button type="primary">Ajouter un produit</Button>
          </Link>
        }
      />
      <ServerTable
        tableKey="product"
        columns={productColumns}
        fetcher={productFetcher}
        searchPlaceholder="Rechercher un produit"
        defaultSort={{ field: 'product_name', dir: 'desc' }}
        statusTabs={TABS}
        statusColumnIndex={STATUS_COLUMN_INDEX}
        rowDisabled={(row) => !row.editable}
        actions={productAction}
        actionsTitle="Action"
        defaultErrorMessage={PRODUCT_LIST_ERROR}
        exports={{ csvName: 'produits.csv', excelName: 'produits.xlsx', printName: 'produits' }}
      />
    </>
  );
}
