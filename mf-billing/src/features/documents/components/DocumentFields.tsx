import {
  AutoComplete,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
} from 'antd';
import {
  BILL_TO_LABELS,
  BUYER_ADDRESS_REASON,
  billingPartySchema,
  DOCUMENT_CUSTOMER_REQUIRED,
  DOCUMENT_SUPPLIER_REQUIRED,
  DOCUMENT_TYPE_CODES,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
  documentBodySchema,
  GATED_DOCUMENT_TYPES,
  OPERATION_CATEGORY_LABELS,
  TAX_RATE_OPTIONS,
  VAT_EXEMPTION_REASONS,
} from 'contracts';
import { Link } from 'react-router-dom';
import { DirectoryHint, useSession, zodRule } from 'shared-ui';
import { type DocumentFormValues, typeOfCode } from '../form-values';

// A purchase order is addressed to its supplier: the bill-to choice is the customer's or the insurer's.
const BILL_TO_OPTIONS = (['customer', 'insurer'] as const).map((value) => ({ value, label: BILL_TO_LABELS[value] }));
const CATEGORY_OPTIONS = Object.entries(OPERATION_CATEGORY_LABELS).map(([value, label]) => ({ value, label }));
const party = billingPartySchema.shape;
const header = documentBodySchema.shape;
const EXEMPTION_OPTIONS = VAT_EXEMPTION_REASONS.map((value) => ({ value }));
/**
 * A rule that accepts anything: a field without rules keeps the mark a refused issue put on it (refused-fields.ts)
 * even once typed; with one, typing validates it again and the mark goes.
 */
const CLEARS_REFUSAL_MARK = [{ validator: async () => undefined }];

interface DocumentFieldsProps {
  isNew: boolean;
  allowedTypes: DocumentType[];
  folderId: number | null;
  folderNumber: string | null;
  suppliers: { value: number; label: string }[] | undefined;
  suppliersLoading: boolean;
}

/** The document's own fields (type, rates, supplier, folder, terms) and the billed party. */
/** The party's name is required only once something of it is typed: left empty, the server fills it all. */
const nameRuleOf = (form: FormInstance<DocumentFormValues>) => ({
  validator: (_: unknown, name: string | undefined) => {
    const { isBusiness: _isBusiness, ...rest } = (form.getFieldValue('customer') ?? {}) as Record<string, unknown>;
    const anyTyped = Object.values(rest).some((value) => typeof value === 'string' && value.trim() !== '');
    return !anyTyped || name?.trim() ? Promise.resolve() : Promise.reject(new Error(DOCUMENT_CUSTOMER_REQUIRED));
  },
});

export function DocumentFields({
  isNew,
  allowedTypes,
  folderId,
  folderNumber,
  suppliers,
  suppliersLoading,
}: DocumentFieldsProps) {
  const form = Form.useFormInstance<DocumentFormValues>();
  // preserve: a saved document's type has no field of its own (only a new one shows the type select).
  const typeCode = Form.useWatch('typeCode', { form, preserve: true }) as number | undefined;
  const lines = Form.useWatch('lines', { form, preserve: true }) as DocumentFormValues['lines'] | undefined;
  const type = typeOfCode(typeCode ?? 0);
  const isPurchase = type === 'purchase-order';
  const hasZeroRate = (lines ?? []).some((line) => Number(line?.taxRate) === 0);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title="Document" size="small" style={{ height: '100%' }}>
          <Row gutter={12}>
            {isNew ? (
              <Col xs={24} md={12}>
                <Form.Item label="Type" name="typeCode">
                  <Select
                    options={allowedTypes.map((type) => ({
                      value: DOCUMENT_TYPE_CODES[type],
                      label: DOCUMENT_TYPE_LABELS[type],
                    }))}
                  />
                </Form.Item>
              </Col>
            ) : null}
            <Col xs={12} md={6}>
              <Form.Item label="TVA par défaut" name="tax" tooltip="Taux des nouvelles lignes">
                <Select options={TAX_RATE_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="Prix" name="taxInclusive" valuePropName="checked">
                <Checkbox>Saisis TTC</Checkbox>
              </Form.Item>
            </Col>
          </Row>
          {isPurchase ? (
            <Form.Item
              label="Fournisseur"
              name="supplierId"
              required
              rules={[{ required: true, message: DOCUMENT_SUPPLIER_REQUIRED }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                placeholder="Choisir un fournisseur"
                loading={suppliersLoading}
                options={suppliers ?? []}
              />
            </Form.Item>
          ) : (
            <Form.Item label="Facturer à" name="billTo">
              <Select options={BILL_TO_OPTIONS} />
            </Form.Item>
          )}
          {folderId ? (
            <Form.Item label="Dossier">
              <Link to={`/folder/show/${folderId}`}>
                {folderNumber ? `Dossier ${folderNumber}` : 'Voir le dossier'}
              </Link>
            </Form.Item>
          ) : null}
          <Row gutter={12}>
            <Col xs={24} md={14}>
              <Form.Item label="Catégorie d’opération" name="operationCategory">
                <Select options={CATEGORY_OPTIONS} />
              </Form.Item>
            </Col>
            {type === 'credit-note' ? null : (
              // A credit note has no payment term (it is not paid by its buyer).
              <Col xs={24} md={10}>
                <Form.Item label="Délai de paiement (jours)" name="paymentTermDays">
                  <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Form.Item label="Adresse de livraison" name="deliveryAddress">
            <Input maxLength={300} />
          </Form.Item>
          {type === 'quotation' ? <QuoteTermsFields /> : null}
          {isPurchase ? null : (
            <Form.Item
              label="Référence de l’acheteur"
              name="buyerReference"
              rules={[zodRule(header.buyerReference)]}
              tooltip="N° de commande, de mission ou de sinistre du client, imprimé sur le document. Vide sur une facture à l’assureur : le n° de sinistre du dossier."
            >
              <Input maxLength={100} placeholder="N° de commande, de mission ou de sinistre" />
            </Form.Item>
          )}
          {hasZeroRate ? (
            <Form.Item
              label="Motif d’exonération (lignes à 0 %)"
              name="exemptionReason"
              rules={[zodRule(header.exemptionReason)]}
              extra="Obligatoire pour émettre une facture ou un avoir portant une ligne à 0 % (art. 242 nonies A du CGI)."
            >
              <AutoComplete options={EXEMPTION_OPTIONS} maxLength={200} placeholder="Choisir ou saisir le motif" />
            </Form.Item>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <BuyerCard type={type} />
      </Col>
    </Row>
  );
}

/**
 * The billed party (the supplier of a purchase order). Left empty, it is taken from the folder; a credit note's is
 * its invoice's. The address is marked as what issuing an invoice or a credit note will ask.
 */
function BuyerCard({ type }: { type: DocumentType }) {
  const form = Form.useFormInstance<DocumentFormValues>();
  const isPurchase = type === 'purchase-order';
  // A credit note's buyer is its invoice's, copied and frozen: shown, not typed (the server ignores it anyway).
  const partyLocked = type === 'credit-note';
  const nameRule = nameRuleOf(form);
  // What issuing will ask (the one gate of contracts/billing-mentions.ts): marked before, not learnt by a refusal.
  const addressRequired = GATED_DOCUMENT_TYPES.includes(type);
  return (
    <Card
      title={isPurchase ? 'Fournisseur destinataire' : 'Client facturé'}
      size="small"
      style={{ height: '100%' }}
      extra={
        <span style={{ fontSize: 12 }}>
          {partyLocked
            ? 'Repris de la facture : non modifiable'
            : `Laissés vides : repris ${isPurchase ? 'de la fiche du fournisseur' : 'du dossier'}`}
        </span>
      }
    >
      <ConfigProvider componentDisabled={partyLocked}>
        <Row gutter={12}>
          <Col xs={24} md={16}>
            <Form.Item label="Nom" name={['customer', 'name']} rules={[nameRule]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Professionnel" name={['customer', 'isBusiness']} valuePropName="checked">
              <Checkbox>Client pro</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Adresse"
          name={['customer', 'address']}
          rules={CLEARS_REFUSAL_MARK}
          required={addressRequired}
          tooltip={addressRequired ? BUYER_ADDRESS_REASON : undefined}
        >
          <Input maxLength={300} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={8}>
            <Form.Item
              label="Code postal"
              name={['customer', 'postalCode']}
              rules={CLEARS_REFUSAL_MARK}
              required={addressRequired}
            >
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col xs={16}>
            <Form.Item label="Ville" name={['customer', 'city']} rules={CLEARS_REFUSAL_MARK} required={addressRequired}>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={12}>
            <BuyerSirenField />
          </Col>
          <Col xs={12}>
            <Form.Item label="N° de TVA" name={['customer', 'vatNumber']} rules={CLEARS_REFUSAL_MARK}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="E-mail" name={['customer', 'email']}>
          <Input type="email" maxLength={200} />
        </Form.Item>
      </ConfigProvider>
    </Card>
  );
}

/** The buyer's SIREN; a business's shows what the directory of the garage's platform says of it (e-invoices). */
function BuyerSirenField() {
  const form = Form.useFormInstance();
  const isBusiness = Form.useWatch(['customer', 'isBusiness'], form) as boolean | undefined;
  const siren = Form.useWatch(['customer', 'siren'], form) as string | undefined;
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  return (
    <Form.Item
      label="SIREN"
      name={['customer', 'siren']}
      rules={[zodRule(party.siren)]}
      extra={isBusiness ? <DirectoryHint companyId={companyId} siren={siren} /> : null}
    >
      <Input maxLength={11} inputMode="numeric" />
    </Form.Item>
  );
}

/** What a garage's quote must say (arrêté du 2 mars 1990): when the work is done, and whether the quote is paid. */
function QuoteTermsFields() {
  return (
    <Row gutter={12}>
      <Col xs={24} md={14}>
        <Form.Item
          label="Délai d’exécution des travaux"
          name="executionDelay"
          rules={[zodRule(header.executionDelay)]}
          extra="Vide : « à convenir à l’acceptation du devis »"
        >
          <Input maxLength={200} placeholder="sous 48 h après accord" />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item
          label="Prix du devis (€ TTC)"
          name="quoteFee"
          rules={[zodRule(header.quoteFee)]}
          extra="Vide ou 0 : devis gratuit"
        >
          <Input inputMode="decimal" placeholder="0,00" />
        </Form.Item>
      </Col>
    </Row>
  );
}
