import { Alert, Button, Checkbox, Col, Drawer, Form, Input, Row, Space } from 'antd';
import { INSURER_SAVED, type InsurerBody, type InsurerEntry, insurerBodySchema } from 'contracts';
import { AddressFields, DirectoryHint, useCan, useSaveAction, useSession, zodRule } from 'shared-ui';
import { saveInsurer } from '../api/insurers';

const field = insurerBodySchema.shape;
const rule = (name: keyof typeof field) => [zodRule(field[name])];

const initialOf = (insurer?: InsurerEntry): InsurerBody =>
  insurer
    ? {
        shortName: insurer.shortName,
        legalName: insurer.legalName,
        siren: insurer.siren,
        address: insurer.address,
        postalCode: insurer.postalCode,
        city: insurer.city,
        billingAddress: insurer.billingAddress,
        vatNumber: insurer.vatNumber,
        einvoicingAddress: insurer.einvoicingAddress,
        email: insurer.email,
        shared: insurer.shared,
      }
    : { shortName: '', legalName: '', shared: false };

/** The insurer's SIREN, and what the directory of the garage's platform says of it (where its e-invoices go). */
function InsurerSirenField() {
  const siren = Form.useWatch('siren', Form.useFormInstance()) as string | undefined;
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  return (
    <Form.Item
      label="SIREN"
      name="siren"
      rules={rule('siren')}
      extra={<DirectoryHint companyId={companyId} siren={siren} />}
    >
      <Input inputMode="numeric" maxLength={11} />
    </Form.Item>
  );
}

/**
 * One entry of the directory, new or existing: what the folder shows (name) and what an insurer invoice prints about
 * its buyer (legal name, head office, SIREN, VAT number, e-invoicing address). A network entry read by a garage is
 * shown, not edited.
 */
export function InsurerDrawer({
  insurer,
  onClose,
  onSaved,
}: {
  insurer?: InsurerEntry;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<InsurerBody>();
  const { saving, run } = useSaveAction();
  const mayShare = useCan('franchise');
  const readOnly = insurer !== undefined && !insurer.editable;
  const save = async (values: InsurerBody) => {
    const saved = await run(() => saveInsurer(insurer?.id, values), { done: INSURER_SAVED });
    if (saved) onSaved();
  };
  return (
    <Drawer open title={insurer ? insurer.shortName : 'Nouvel assureur'} width={600} onClose={onClose} destroyOnHidden>
      {readOnly ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`Annuaire du réseau (${insurer.companyName}) : seul le franchiseur modifie cet assureur.`}
        />
      ) : null}
      <Form<InsurerBody>
        form={form}
        layout="vertical"
        initialValues={initialOf(insurer)}
        disabled={readOnly}
        onFinish={(values) => void save(values)}
      >
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              label="Nom affiché"
              name="shortName"
              rules={rule('shortName')}
              required
              tooltip="Le nom choisi dans les dossiers"
            >
              <Input maxLength={60} placeholder="MAIF" />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              label="Raison sociale"
              name="legalName"
              rules={rule('legalName')}
              required
              tooltip="Imprimée comme acheteur sur les factures à l’assureur"
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <InsurerSirenField />
          </Col>
          <Col span={12}>
            <Form.Item label="N° de TVA intracommunautaire" name="vatNumber" rules={rule('vatNumber')}>
              <Input maxLength={20} placeholder="FR…" />
            </Form.Item>
          </Col>
        </Row>
        <AddressFields
          addressLabel="Adresse du siège"
          rules={{ address: rule('address'), postalCode: rule('postalCode'), city: rule('city') }}
        />
        <WhereInvoicesGo />
        {mayShare ? (
          <Form.Item name="shared" valuePropName="checked">
            <Checkbox>Partager avec tous les centres du réseau</Checkbox>
          </Form.Item>
        ) : null}
        {readOnly ? null : (
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              Enregistrer
            </Button>
            <Button onClick={onClose}>Annuler</Button>
          </Space>
        )}
      </Form>
    </Drawer>
  );
}

/** Where the insurer's invoices go: its claims service's postal address, its e-invoicing address, its claims e-mail. */
function WhereInvoicesGo() {
  return (
    <>
      <Form.Item
        label="Adresse de facturation (service sinistres)"
        name="billingAddress"
        rules={rule('billingAddress')}
        extra="Si ses factures vont à un autre service que le siège : imprimée sur les factures, sous le siège."
      >
        <Input maxLength={300} placeholder="Service sinistres auto, TSA 12345, 79060 Niort Cedex 9" />
      </Form.Item>
      <Form.Item
        label="Adresse de facturation électronique"
        name="einvoicingAddress"
        rules={rule('einvoicingAddress')}
        extra="Son adresse dans l’annuaire de la facturation électronique (réforme 2026) ; à défaut, son SIREN."
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item label="E-mail de gestion des sinistres" name="email" rules={rule('email')}>
        <Input type="email" maxLength={200} />
      </Form.Item>
    </>
  );
}
