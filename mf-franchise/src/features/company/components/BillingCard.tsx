import { Card, Col, Form, Input, Row, Select, Switch } from 'antd';
import { companyProfileBodySchema, MONTH_NAMES, VAT_FILING_LABELS, VAT_FILINGS } from 'contracts';
import { zodRule } from 'shared-ui';

const field = companyProfileBodySchema.shape;
const rule = (name: keyof typeof field) => [zodRule(field[name])];
const VAT_FILING_OPTIONS = VAT_FILINGS.map((value) => ({ value, label: VAT_FILING_LABELS[value] }));
const FISCAL_MONTH_OPTIONS = MONTH_NAMES.map((name, index) => ({
  value: index + 1,
  label: `1er ${name}`,
}));

/**
 * « Ma société »'s billing settings, fields of its form: the IBAN, late penalties, VAT on debits and regime, the address
 * platforms send the garage's e-invoices to, and the fiscal year.
 */
export function BillingCard({ siret }: { siret: string | null }) {
  return (
    <Card title="Facturation" size="small" style={{ marginBottom: 16 }}>
      <Form.Item label="IBAN" name="iban" rules={rule('iban')}>
        <Input maxLength={42} placeholder="FR76 …" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            label="Pénalités de retard (% par an)"
            name="latePenaltyRate"
            rules={rule('latePenaltyRate')}
            extra="Vide : le minimum légal"
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="TVA sur les débits" name="vatOnDebits" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Régime de TVA"
        name="vatFiling"
        rules={rule('vatFiling')}
        extra="Fixe le rythme de l’e-reporting : par décade au réel normal mensuel, par mois au trimestriel et au simplifié, tous les deux mois en franchise"
      >
        <Select options={VAT_FILING_OPTIONS} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item
        label="Adresse de facturation électronique"
        name="einvoicingAddress"
        rules={rule('einvoicingAddress')}
        extra={`Où les plateformes vous adressent les factures de vos fournisseurs. Vide : 0225 et votre SIREN${
          siret ? ` (0225:${siret.slice(0, 9)})` : ''
        }`}
      >
        <Input maxLength={130} placeholder="0225:123456789" />
      </Form.Item>
      <Form.Item
        label="Début de l’exercice comptable"
        name="fiscalYearStartMonth"
        rules={rule('fiscalYearStartMonth')}
        extra="Les clôtures annuelles, les archives et le FEC suivent l’exercice"
      >
        <Select options={FISCAL_MONTH_OPTIONS} style={{ maxWidth: 240 }} />
      </Form.Item>
    </Card>
  );
}
