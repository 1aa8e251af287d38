import { Button, Card, Col, Form, Input, Row, Select, Skeleton } from 'antd';
import {
  type CompanyFeesBody,
  type CompanyTaxBody,
  centsToText,
  companyFeesBodySchema,
  companyTaxBodySchema,
  DEFAULT_TAX_RATE_SAVED,
  TAX_RATE_OPTIONS,
} from 'contracts';
import { ErrorState, PageHeader, useSession, zodRule } from 'shared-ui';
import { PickGarage } from '../../../components/PickGarage';
import { saveDefaultTaxRate, saveHourlyRate } from '../api/company';
import { useGarageSettingSave, useSelectedCompany } from '../hooks/use-selected-company';
import { FolderStatusesCard } from './FolderStatusesCard';
import { KnownByCard } from './KnownByCard';
import { LogoCard } from './LogoCard';

export const HOURLY_RATE_SAVED = 'Taux horaire enregistré';

/**
 * /company/edit "Paramètres de mon garage" of the selected garage: hourly rate and default VAT, the "connu par" list,
 * the logo, the folder statuses.
 */
export function CompanySettingsPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const company = useSelectedCompany(companyId);
  const { saving, save } = useGarageSettingSave();

  if (companyId === 0) return <PickGarage title="Paramètres de mon garage" />;
  if (company.error) return <ErrorState onRetry={() => void company.refetch()} />;

  return (
    <>
      <PageHeader title="Paramètres de mon garage" subtitle={company.data?.name} />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title="Main-d’œuvre" size="small" style={{ marginBottom: 16 }}>
            {company.isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : (
              <Form<CompanyFeesBody>
                layout="vertical"
                initialValues={{
                  hourlyRate:
                    company.data?.hourlyRate == null ? '' : centsToText(Math.round(company.data.hourlyRate * 100)),
                }}
                onFinish={(values) => void save(() => saveHourlyRate(companyId, values), HOURLY_RATE_SAVED)}
              >
                <Form.Item
                  label="Taux horaire HT (€)"
                  name="hourlyRate"
                  rules={[zodRule(companyFeesBodySchema.shape.hourlyRate)]}
                  extra="Appliqué aux lignes de main-d’œuvre (unité h) des devis"
                  required
                >
                  <Input inputMode="decimal" placeholder="0,00" style={{ maxWidth: 200 }} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={saving}>
                  Enregistrer le taux horaire
                </Button>
              </Form>
            )}
          </Card>
          <Card title="TVA" size="small" style={{ marginBottom: 16 }}>
            {company.isPending ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <Form<CompanyTaxBody>
                layout="vertical"
                initialValues={{ defaultTaxRate: company.data?.defaultTaxRate ?? 20 }}
                onFinish={(values) => void save(() => saveDefaultTaxRate(companyId, values), DEFAULT_TAX_RATE_SAVED)}
              >
                <Form.Item
                  label="TVA par défaut"
                  name="defaultTaxRate"
                  rules={[zodRule(companyTaxBodySchema.shape.defaultTaxRate)]}
                  extra="Taux des nouvelles lignes de devis et de factures, et des nouveaux produits"
                >
                  <Select style={{ maxWidth: 200 }} options={TAX_RATE_OPTIONS} />
                </Form.Item>
                <Button htmlType="submit" loading={saving}>
                  Enregistrer la TVA
                </Button>
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <KnownByCard companyId={companyId} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <LogoCard companyId={companyId} />
        </Col>
        <Col xs={24} lg={14}>
          <FolderStatusesCard companyId={companyId} />
        </Col>
      </Row>
    </>
  );
}
