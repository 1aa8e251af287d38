import { Button, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { type CompanyFeesBody, companyFeesBodySchema } from 'contracts';
import { useState } from 'react';
import { ErrorState, PageHeader, useFeedback, useRemoteData, useSession, zodRule } from 'shared-ui';
import { getSelectedCompany, saveHourlyRate } from '../api/company';
import { KnownByCard } from './KnownByCard';
import { PickGarage } from './PickGarage';

export const HOURLY_RATE_SAVED = 'Taux horaire enregistré';

/** /company/edit "Paramètres de mon garage": hourly rate and the "connu par" list of the selected garage. */
export function CompanySettingsPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const company = useRemoteData(getSelectedCompany, companyId > 0);
  const feedback = useFeedback();
  const [saving, setSaving] = useState(false);

  if (companyId === 0) return <PickGarage title="Paramètres de mon garage" />;
  if (company.error) return <ErrorState onRetry={() => void company.reload()} />;

  const save = async (values: CompanyFeesBody) => {
    setSaving(true);
    try {
      await saveHourlyRate(companyId, values);
      feedback.success(HOURLY_RATE_SAVED);
    } catch (failure) {
      feedback.error(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Paramètres de mon garage" subtitle={company.data?.name} />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title="Main-d’œuvre" size="small" style={{ marginBottom: 16 }}>
            {company.loading && !company.data ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : (
              <Form<CompanyFeesBody>
                layout="vertical"
                initialValues={{
                  hourlyRate:
                    company.data?.hourlyRate == null ? '' : company.data.hourlyRate.toFixed(2).replace('.', ','),
                }}
                onFinish={(values) => void save(values)}
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
        </Col>
        <Col xs={24} lg={14}>
          <KnownByCard companyId={companyId} />
        </Col>
      </Row>
    </>
  );
}
