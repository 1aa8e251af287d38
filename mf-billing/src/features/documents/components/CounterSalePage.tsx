import { Alert, Button, Card, Col, Form, Input, Radio, Result, Row, Space } from 'antd';
import {
  COUNTER_PICK_GARAGE,
  COUNTER_SALE_DONE,
  type CounterSale,
  isSivPlate,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from 'contracts';
import { useLayoutEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCents, GaragePicker, PageHeader, useApiQuery, useFeedback, useSaveAction, useSession } from 'shared-ui';
import { getKnownVehicle, knownVehiclePath, sellAtCounter } from '../api/counter';
import { getDocument } from '../api/documents';
import { type LineValues, lineBodies, liveTotals, newLine } from '../form-values';
import { DocumentLinesTable } from './DocumentLinesTable';
import { DocumentMailModal } from './DocumentMailModal';
import { DocumentTotals } from './DocumentTotals';

/*
 * « Vente au comptoir »: a private customer at the desk. The plate first (a vehicle the garage knows fills its make,
 * model, VIN and customer), the customer's name and address (an invoice names them), the lines from the catalogue,
 * how it is paid, « Encaisser »: the folder, the invoice « acquittée » and the payment in one call, then print or
 * e-mail it.
 */

interface CounterValues {
  plate: string;
  brand?: string;
  model?: string;
  vin?: string;
  lastName: string;
  firstName?: string;
  address: string;
  postalCode: string;
  city: string;
  phone?: string;
  email?: string;
  lines: LineValues[];
  method: PaymentMethod;
}

/** Prices at the counter are typed tax included. */
const TAX_INCLUSIVE = true;
const required = (message: string) => [{ required: true, whitespace: true, message }];
const initialValues = (): Partial<CounterValues> => ({ lines: [newLine(0, 20, 1)], method: 'card' });

export function CounterSalePage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const [sale, setSale] = useState<CounterSale>();
  const [round, setRound] = useState(0);
  if (companyId === 0) {
    return (
      <>
        <PageHeader title="Vente au comptoir" />
        <GaragePicker message={COUNTER_PICK_GARAGE} />
      </>
    );
  }
  if (sale) {
    return (
      <SaleDone
        sale={sale}
        onNext={() => {
          setSale(undefined);
          setRound((value) => value + 1);
        }}
      />
    );
  }
  // A new sale is a new form: nothing typed for the last customer stays.
  return <CounterForm key={round} onSold={setSale} />;
}

function CounterForm({ onSold }: { onSold: (sale: CounterSale) => void }) {
  const [form] = Form.useForm<CounterValues>();
  const feedback = useFeedback();
  const { saving, run } = useSaveAction();
  const lines = Form.useWatch('lines', { form, preserve: true }) as LineValues[] | undefined;
  const live = useMemo(() => liveTotals(lines, TAX_INCLUSIVE), [lines]);
  useLayoutEffect(() => form.resetFields(), [form]);

  const sell = async (values: CounterValues) => {
    const { lines: typed, method, ...folder } = { ...form.getFieldsValue(true), ...values } as CounterValues;
    await run(
      async () => onSold(await sellAtCounter({ folder, lines: lineBodies(typed), taxInclusive: true, method })),
      {
        done: COUNTER_SALE_DONE,
      },
    );
  };

  return (
    <>
      <PageHeader title="Vente au comptoir" />
      <Form<CounterValues>
        form={form}
        layout="vertical"
        initialValues={initialValues()}
        onFinish={(values) => void sell(values)}
        onFinishFailed={() => feedback.error('La vente n’est pas encaissée : complétez les champs signalés.')}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <VehicleCard />
          </Col>
          <Col xs={24} xl={12}>
            <CustomerCard />
          </Col>
        </Row>
        <Card title="Lignes (prix TTC)" size="small" style={{ marginTop: 16 }}>
          <DocumentLinesTable
            lineTotals={live.lineTotals}
            taxInclusive={TAX_INCLUSIVE}
            makeLine={(position) => newLine(0, 20, position)}
          />
        </Card>
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={14}>
            <Form.Item label="Réglé par" name="method">
              <Radio.Group
                optionType="button"
                options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
              />
            </Form.Item>
            <Button type="primary" size="large" htmlType="submit" loading={saving}>
              {`Encaisser ${live.totals ? formatCents(live.totals.totalAmount) : ''}`.trim()}
            </Button>
          </Col>
          <Col xs={24} lg={10}>
            <DocumentTotals totals={live.totals} error={live.error} />
          </Col>
        </Row>
      </Form>
    </>
  );
}

/** The plate, and what the garage already knows of the vehicle (filled in where nothing is typed yet). */
function VehicleCard() {
  const form = Form.useFormInstance<CounterValues>();
  const plate = (Form.useWatch('plate', form) as string | undefined) ?? '';
  const complete = isSivPlate(plate);
  const known = useApiQuery(complete ? knownVehiclePath(plate) : null, () => getKnownVehicle(plate));
  useLayoutEffect(() => {
    const vehicle = known.data;
    if (!vehicle) return;
    const empty = (name: keyof CounterValues) => !String(form.getFieldValue(name) ?? '').trim();
    const filled = { brand: vehicle.brand, model: vehicle.model, vin: vehicle.vin, lastName: vehicle.lastName };
    const next = Object.fromEntries(
      Object.entries({ ...filled, firstName: vehicle.firstName }).filter(
        ([name, value]) => value && empty(name as keyof CounterValues),
      ),
    );
    form.setFieldsValue(next);
  }, [known.data, form]);
  return (
    <Card title="Véhicule" size="small">
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Immatriculation" name="plate" rules={required('L’immatriculation est obligatoire')}>
            <Input autoFocus placeholder="AB-123-CD" style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="VIN" name="vin">
            <Input maxLength={17} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Marque" name="brand">
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Modèle" name="model">
            <Input />
          </Form.Item>
        </Col>
      </Row>
      {known.data ? (
        <Alert
          type="info"
          showIcon
          message={`Véhicule connu : ${[known.data.brand, known.data.model].filter(Boolean).join(' ') || 'déjà venu'}, dernier dossier au nom de ${[known.data.firstName, known.data.lastName].filter(Boolean).join(' ')}`}
        />
      ) : null}
    </Card>
  );
}

/** Who pays: an invoice names its buyer and their address (CGI art. 242 nonies A). */
function CustomerCard() {
  return (
    <Card title="Client" size="small">
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Nom" name="lastName" rules={required('Le nom du client est obligatoire')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Prénom" name="firstName">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="Adresse" name="address" rules={required('L’adresse est imprimée sur la facture')}>
            <Input autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="Code postal" name="postalCode" rules={required('Le code postal est obligatoire')}>
            <Input inputMode="numeric" maxLength={5} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item label="Ville" name="city" rules={required('La ville est obligatoire')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Téléphone" name="phone">
            <Input type="tel" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="E-mail" name="email" tooltip="Pour lui envoyer sa facture">
            <Input type="email" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** The sale done: the invoice acquittée, to print or e-mail, and the next customer. */
function SaleDone({ sale, onNext }: { sale: CounterSale; onNext: () => void }) {
  const [mailing, setMailing] = useState(false);
  const invoice = useApiQuery(mailing ? `api/quotation/${sale.invoiceId}` : null, () => getDocument(sale.invoiceId));
  return (
    <>
      <PageHeader title="Vente au comptoir" />
      <Result
        status="success"
        title={`Facture ${sale.number} acquittée : ${formatCents(sale.totalAmount)}`}
        subTitle="Le dossier, la facture et le paiement sont enregistrés."
        extra={
          <Space wrap>
            <Button type="primary" href={`/api/quotation/${sale.invoiceId}/pdf`} target="_blank" autoFocus>
              Imprimer la facture
            </Button>
            <Button onClick={() => setMailing(true)}>Envoyer par e-mail</Button>
            <Link to={`/quotation/show/${sale.invoiceId}`}>
              <Button>Voir la facture</Button>
            </Link>
            <Button onClick={onNext}>Nouvelle vente</Button>
          </Space>
        }
      />
      {mailing && invoice.data ? <DocumentMailModal document={invoice.data} onClose={() => setMailing(false)} /> : null}
    </>
  );
}
