import { Alert, Button, Card, Col, Form, Input, Row, Select, Skeleton, Space, Switch } from 'antd';
import {
  centsToText,
  PRODUCT_CATEGORIES,
  PRODUCT_NOT_FOUND,
  PRODUCT_UNITS,
  type ProductBody,
  productBodySchema,
  startingTaxRate,
  TAX_RATE_OPTIONS,
} from 'contracts';
import { Link, useParams } from 'react-router-dom';
import {
  ApiError,
  ErrorState,
  NotFoundPanel,
  PageHeader,
  useApiQuery,
  useCan,
  useSelectedCompany,
  zodRule,
} from 'shared-ui';
import { getProduct, getSupplierOptions, productPath, SUPPLIER_OPTIONS_PATH } from '../api/products';
import { useProductSave } from '../hooks/use-product-save';

const field = productBodySchema.shape;
const NEW_PRODUCT: ProductBody = {
  supplierId: null,
  name: '',
  price: '',
  vatRate: 20,
  unit: 'piece',
  stockTracked: false,
  shared: false,
  disabled: false,
  category: null,
};

/** /product/new/{id}: a new product (id 0) or one of the catalogue; the franchise's products are read-only here. */
export function ProductFormPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 0;
  const [form] = Form.useForm<ProductBody>();
  const { saving, save } = useProductSave(id);
  const { data: product, error, refetch } = useApiQuery(valid && id > 0 ? productPath(id) : null, () => getProduct(id));
  const supplierOptions = useApiQuery(SUPPLIER_OPTIONS_PATH, getSupplierOptions);
  // A new product starts at the garage's default VAT rate.
  const company = useSelectedCompany(id === 0);
  // Sharing with the centres is the franchisor's (the permission table's `franchise`).
  const mayShare = useCan('franchise');
  const mayEdit = useCan('products');

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <NotFoundPanel title={PRODUCT_NOT_FOUND} backTo="/product/list" backLabel="Retour aux produits" />;
  }
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (id > 0 && !product) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (id === 0 && company.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  const readOnly = !mayEdit || (product !== undefined && !product.editable);

  const initial: ProductBody = product
    ? {
        name: product.name,
        description: product.description ?? '',
        productCode: product.productCode ?? '',
        price: centsToText(product.price),
        category: (product.category as ProductBody['category']) ?? null,
        vatRate: product.vatRate,
        unit: product.unit,
        eurocode: product.eurocode ?? '',
        stockTracked: product.stockTracked,
        supplierId: product.supplierId,
        shared: product.shared,
        disabled: product.disabled,
      }
    : { ...NEW_PRODUCT, vatRate: startingTaxRate(company.data) };

  return (
    <>
      <PageHeader
        title={product ? product.name : 'Nouveau produit'}
        breadcrumb={[
          { title: 'Mes produits', href: '/product/list' },
          { title: product ? product.name : 'Nouveau produit' },
        ]}
      />
      {readOnly && product ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`Catalogue de ${product.company} : lecture seule`}
          description="Ce produit est partagé par le franchiseur avec tous les centres ; seul le franchiseur le modifie."
        />
      ) : null}
      <Form<ProductBody>
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={readOnly}
        onFinish={(values) => void save(values)}
      >
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card title="Produit" size="small">
              <Form.Item label="Nom" name="name" rules={[zodRule(field.name)]} required>
                <Input maxLength={120} />
              </Form.Item>
              <Form.Item label="Description" name="description" rules={[zodRule(field.description)]}>
                <Input.TextArea rows={3} maxLength={1000} />
              </Form.Item>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item label="Code produit" name="productCode" rules={[zodRule(field.productCode)]}>
                    <Input maxLength={40} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    label="Eurocode (vitrage)"
                    name="eurocode"
                    rules={[zodRule(field.eurocode)]}
                    extra="Ex. 2436AGNMV1B"
                  >
                    <Input maxLength={16} style={{ textTransform: 'uppercase' }} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label="Catégorie" name="category">
                <Select
                  allowClear
                  placeholder="Choisir une catégorie"
                  options={PRODUCT_CATEGORIES.map((value) => ({ value, label: value }))}
                />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title="Prix et gestion" size="small">
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item label="Prix HT (€)" name="price" rules={[zodRule(field.price)]} required>
                    <Input inputMode="decimal" placeholder="0,00" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label="TVA" name="vatRate">
                    <Select options={TAX_RATE_OPTIONS} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label="Fournisseur" name="supplierId">
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  placeholder="Fournisseur habituel"
                  loading={supplierOptions.isLoading}
                  // A franchise product names the franchisor's supplier, which a centre does not have.
                  options={
                    product?.supplierId && !product.editable
                      ? [{ value: product.supplierId, label: product.supplier ?? '' }]
                      : (supplierOptions.data ?? [])
                  }
                />
              </Form.Item>
              <Form.Item label="Unité" name="unit">
                <Select options={Object.entries(PRODUCT_UNITS).map(([value, label]) => ({ value, label }))} />
              </Form.Item>
              <Form.Item label="Suivi en stock" name="stockTracked" valuePropName="checked">
                <Switch />
              </Form.Item>
              {mayShare ? (
                <Form.Item label="Partagé avec les centres de la franchise" name="shared" valuePropName="checked">
                  <Switch />
                </Form.Item>
              ) : null}
              <Form.Item label="Désactivé (plus proposé dans les devis)" name="disabled" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Card>
          </Col>
        </Row>
        <Space style={{ marginTop: 16 }}>
          {readOnly ? null : (
            <Button type="primary" htmlType="submit" loading={saving}>
              Enregistrer
            </Button>
          )}
          <Link to="/product/list">
            <Button disabled={false}>Retour à la liste</Button>
          </Link>
        </Space>
      </Form>
    </>
  );
}
