import { EditOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { centsToText, PRODUCT_STATUS_LABELS, type ProductRow } from 'contracts';
import { Link } from 'react-router-dom';
import { formatCents, type ServerColumn } from 'shared-ui';

const status = (row: ProductRow) => (row.disabled ? PRODUCT_STATUS_LABELS.disabled : PRODUCT_STATUS_LABELS.enabled);

/** Columns in the order of PRODUCT_COLUMNS: the DataTables column index is the position here. */
export const productColumns: ServerColumn<ProductRow>[] = [
  { title: 'Produit', dataIndex: 'product_name' },
  { title: 'Code', dataIndex: 'product_code', width: 160, render: (_, row) => row.product_code ?? '—' },
  { title: 'Description', dataIndex: 'description', render: (_, row) => row.description ?? '—' },
  {
    title: 'Prix HT',
    dataIndex: 'product_price',
    width: 120,
    align: 'right',
    render: (_, row) => formatCents(row.product_price),
    exportValue: (row) => centsToText(row.product_price),
  },
  { title: 'Catégorie', dataIndex: 'category', width: 180, render: (_, row) => row.category ?? '—' },
  {
    title: 'Statut',
    dataIndex: 'disabled',
    width: 120,
    filterable: false,
    render: (_, row) => <Tag color={row.disabled ? 'default' : 'green'}>{status(row)}</Tag>,
    exportValue: status,
  },
];

/** The pencil of a row: edit one's own product, look at a franchise catalogue one. */
export function productAction(row: ProductRow) {
  const label = row.editable ? `Modifier ${row.product_name}` : `Voir ${row.product_name} (catalogue de la franchise)`;
  return (
    <Tooltip title={row.editable ? 'Modifier' : 'Catalogue de la franchise : lecture seule'}>
      <Link to={`/product/new/${row.id}`} aria-label={label}>
        <EditOutlined />
      </Link>
    </Tooltip>
  );
}

export const STATUS_COLUMN_INDEX = productColumns.findIndex((column) => column.dataIndex === 'disabled');
