import { Button, Col, Form, Row, Select, Space, Tag, Typography } from 'antd';
import { SIDEXA_PART_REQUIRED, type SidexaLine, type Variant } from 'contracts';
import { formatCents } from 'shared-ui';
import { isPart } from '../lib/quotation-lines';

/** codpiece -> the chosen variant's ref. */
export type VariantChoice = Record<string, string | undefined>;

const variantLabel = (variant: Variant) =>
  `${variant.label} · ${variant.euroCode} · ${formatCents(variant.preTaxAmount)} HT`;

/** What sets a glass apart from its neighbours in the select: sensors, fitting, equipment. */
function VariantFacts({ variant }: { variant: Variant }) {
  return (
    <Space size={[4, 4]} wrap style={{ marginTop: 4 }}>
      <Tag>{variant.installationType}</Tag>
      {variant.rainSensor ? <Tag color="blue">Capteur de pluie</Tag> : null}
      {variant.brightnessSensor ? <Tag color="blue">Capteur de luminosité</Tag> : null}
      {variant.options.map((option) => (
        <Tag key={option.code}>{option.label}</Tag>
      ))}
    </Space>
  );
}

interface VariantSelectionProps {
  lines: SidexaLine[];
  loading: boolean;
  /** Resolves true once the parts are priced. */
  onValidate: (choice: VariantChoice) => Promise<boolean>;
}

/**
 * The vehicle is not identified by its VIN: each part shows its possible glasses as a select (three per row), each
 * required ("Vous devez sélectionner une pièce."); validating prices the parts picked.
 */
export function VariantSelection({ lines, loading, onValidate }: VariantSelectionProps) {
  const [form] = Form.useForm<VariantChoice>();
  const choice = Form.useWatch([], form) as VariantChoice | undefined;
  const parts = lines.filter(isPart);
  return (
    <Form<VariantChoice>
      form={form}
      layout="vertical"
      aria-label="Sélection des pièces"
      onFinish={(values) => void onValidate(values)}
    >
      <Typography.Paragraph type="secondary">
        Véhicule non identifié par son numéro de série : choisissez la pièce de chaque vitrage.
      </Typography.Paragraph>
      <Row gutter={16}>
        {parts.map((line) => {
          const chosen = line.variants.find((variant) => variant.ref === choice?.[line.codpiece]);
          return (
            <Col key={line.codpiece} xs={24} md={8}>
              <Form.Item
                name={line.codpiece}
                label={line.title}
                rules={[{ required: true, message: SIDEXA_PART_REQUIRED }]}
                extra={chosen ? <VariantFacts variant={chosen} /> : undefined}
              >
                <Select
                  placeholder="Sélectionnez une pièce"
                  options={line.variants.map((variant) => ({ value: variant.ref, label: variantLabel(variant) }))}
                  popupMatchSelectWidth={false}
                />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Button type="primary" htmlType="submit" loading={loading}>
        Valider la sélection
      </Button>
    </Form>
  );
}
