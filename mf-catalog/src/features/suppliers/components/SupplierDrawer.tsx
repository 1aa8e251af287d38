import { Button, Col, Drawer, Form, Input, Row, Select } from 'antd';
import { PAYMENT_TERMS, SUPPLIER_SAVED, type Supplier, type SupplierBody, supplierBodySchema } from 'contracts';
import { AddressFields, useSaveAction, zodRule } from 'shared-ui';
import { saveSupplier } from '../api/suppliers';

const field = supplierBodySchema.shape;
const rule = (name: keyof typeof field) => [zodRule(field[name])];

/** The supplier form, new or existing; each rule is the contract's (the VAT check runs on the server too). */
export function SupplierDrawer({
  supplier,
  onClose,
  onSaved,
}: {
  supplier?: Supplier;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<SupplierBody>();
  const { saving, run } = useSaveAction();
  const save = async (values: SupplierBody) => {
    const saved = await run(() => saveSupplier(supplier?.id, values), { done: SUPPLIER_SAVED });
    if (saved) onSaved();
  };
  const initial: SupplierBody = supplier
    ? {
        name: supplier.name,
        siret: supplier.siret ?? '',
        vatNumber: supplier.vatNumber ?? '',
        contactName: supplier.contactName ?? '',
        email: supplier.email ?? '',
        phone: supplier.phone ?? '',
        address: supplier.address ?? '',
        postalCode: supplier.postalCode ?? '',
        city: supplier.city ?? '',
        paymentTerms: supplier.paymentTerms as SupplierBody['paymentTerms'],
      }
    : { name: '', paymentTerms: '30 jours' };
  return (
    <Drawer open title={supplier ? supplier.name : 'Nouveau fournisseur'} width={560} onClose={onClose} destroyOnHidden>
      <Form<SupplierBody>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void save(values)}
      >
        <Form.Item label="Nom" name="name" rules={rule('name')} required>
          <Input maxLength={120} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="SIRET" name="siret" rules={rule('siret')}>
              <Input inputMode="numeric" maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="N° de TVA" name="vatNumber">
              <Input maxLength={20} placeholder="FR…" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Contact" name="contactName" rules={rule('contactName')}>
          <Input maxLength={120} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="E-mail" name="email" rules={rule('email')}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Téléphone" name="phone" rules={rule('phone')}>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
        </Row>
        <AddressFields rules={{ address: rule('address'), postalCode: rule('postalCode'), city: rule('city') }} />
        <Form.Item label="Conditions de paiement" name="paymentTerms">
          <Select options={PAYMENT_TERMS.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Enregistrer
        </Button>
      </Form>
    </Drawer>
  );
}
