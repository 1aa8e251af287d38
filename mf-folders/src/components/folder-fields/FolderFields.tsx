import { Card, Col, Form, Input, Radio, Row, Select } from 'antd';
import {
  CIVILITIES,
  type FolderDefaultValues,
  folderCreateBodySchema,
  GLASS_LABELS,
  GLASS_TYPES,
  REPAIR_KINDS,
  REPAIR_LABELS,
} from 'contracts';
import { Link } from 'react-router-dom';
import { useCan, zodRule } from 'shared-ui';

const field = folderCreateBodySchema.shape;
const rule = (name: keyof typeof field) => [zodRule(field[name])];

/**
 * The fields of a folder, for the new-folder form and the edit drawer: the customer, the vehicle, the claim
 * (glass folders) and who follows it. Each rule is the contract's own, so the form says what the server would.
 * `keptContacts` (editing) marks the contact details the server already holds: left empty, they are kept.
 */
export function FolderFields({
  glass,
  choices,
  keptContacts = {},
}: {
  glass: boolean;
  choices: Pick<FolderDefaultValues, 'insurers' | 'knownBy' | 'technicians'>;
  keptContacts?: { phone?: boolean; email?: boolean; address?: boolean };
}) {
  const kept = 'Renseigné : laisser vide pour le garder';
  return (
    <Row gutter={16}>
      <Col xs={24} xl={12}>
        <Card title="Client" size="small">
          <Row gutter={12}>
            <Col span={6}>
              <Form.Item label="Civilité" name="civility">
                <Select allowClear options={CIVILITIES.map((value) => ({ value, label: value }))} />
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item label="Prénom" name="firstName" rules={rule('firstName')}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item label="Nom" name="lastName" rules={rule('lastName')} required>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="Téléphone" name="phone" rules={rule('phone')}>
                <Input type="tel" autoComplete="tel" placeholder={keptContacts.phone ? kept : '0612345678'} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="E-mail" name="email" rules={rule('email')}>
                <Input type="email" autoComplete="email" placeholder={keptContacts.email ? kept : undefined} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="Adresse" name="address" rules={rule('address')}>
                <Input autoComplete="street-address" placeholder={keptContacts.address ? kept : undefined} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="Code postal" name="postalCode" rules={rule('postalCode')}>
                <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item label="Ville" name="city" rules={rule('city')}>
                <Input autoComplete="address-level2" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Véhicule" size="small" style={{ marginBottom: 16 }}>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item label="Immatriculation" name="plate" rules={rule('plate')} required>
                <Input placeholder="AB-123-CD" style={{ textTransform: 'uppercase' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="VIN" name="vin" rules={rule('vin')}>
                <Input maxLength={17} style={{ textTransform: 'uppercase' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="Marque" name="brand" rules={rule('brand')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="Modèle" name="model" rules={rule('model')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="Kilométrage"
                name="mileage"
                rules={rule('mileage')}
                tooltip="Relevé à l’arrivée du véhicule : imprimé sur le devis et la facture"
              >
                <Input inputMode="numeric" suffix="km" maxLength={9} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        {glass ? <ClaimCard insurers={choices.insurers} /> : null}
        <Card title="Suivi" size="small">
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item label="Connu par" name="knownById">
                <Select allowClear options={choices.knownBy.map((item) => ({ value: item.id, label: item.label }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="Technicien" name="technicianId">
                <Select
                  allowClear
                  options={choices.technicians.map((item) => ({ value: item.id, label: item.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
      </Col>
    </Row>
  );
}

/** The claim of a glass folder: the insurer from the directory, the policy and claim numbers, the deductible, the damage. */
/** The policy's deductible: an amount, or a share of the work with its minimum (contracts' `deductibleOf`). */
const DEDUCTIBLE_FIELDS = [
  {
    name: 'deductibleAmount',
    label: 'Franchise (€ TTC)',
    placeholder: '150,00',
    tooltip: 'Ce que le contrat laisse à la charge de l’assuré : facturé à part, déduit de la facture à l’assureur',
  },
  {
    name: 'deductiblePercent',
    label: 'ou % des travaux',
    placeholder: '10',
    suffix: '%',
    dependencies: ['deductibleAmount'],
  },
  {
    name: 'deductibleMinimum',
    label: 'Minimum (€)',
    placeholder: '76,00',
    tooltip: 'Avec un pourcentage : le moins que paie l’assuré',
  },
] as const satisfies readonly {
  name: keyof typeof field;
  label: string;
  placeholder: string;
  tooltip?: string;
  suffix?: string;
  dependencies?: readonly string[];
}[];

function DeductibleFields() {
  return DEDUCTIBLE_FIELDS.map((entry) => (
    <Col span={8} key={entry.name}>
      <Form.Item
        label={entry.label}
        name={entry.name}
        rules={rule(entry.name)}
        tooltip={'tooltip' in entry ? entry.tooltip : undefined}
        dependencies={'dependencies' in entry ? [...entry.dependencies] : undefined}
      >
        <Input
          inputMode="decimal"
          placeholder={entry.placeholder}
          suffix={'suffix' in entry ? entry.suffix : undefined}
        />
      </Form.Item>
    </Col>
  ));
}

function ClaimCard({ insurers }: { insurers: FolderDefaultValues['insurers'] }) {
  const mayKeepDirectory = useCan('insurers');
  return (
    <Card title="Sinistre" size="small" style={{ marginBottom: 16 }}>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            label="Assureur"
            name="insurerId"
            extra={
              mayKeepDirectory ? <Link to="/company/insurer-list">Gérer l’annuaire des assureurs</Link> : undefined
            }
          >
            <Select
              showSearch
              allowClear
              optionFilterProp="label"
              placeholder="Choisir dans l’annuaire"
              options={insurers.map(({ id, name }) => ({ value: id, label: name }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="N° de contrat" name="policyNumber" rules={rule('policyNumber')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="N° de sinistre" name="claimNumber" rules={rule('claimNumber')}>
            <Input />
          </Form.Item>
        </Col>
        <DeductibleFields />
        <Col span={12}>
          <Form.Item label="Vitrage" name="glass">
            <Select options={GLASS_TYPES.map((value) => ({ value, label: GLASS_LABELS[value] }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="Intervention" name="repairKind">
            <Radio.Group options={REPAIR_KINDS.map((value) => ({ value, label: REPAIR_LABELS[value] }))} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
