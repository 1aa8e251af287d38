import { Alert, Button, Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import {
  CENTRE_CREATE_ERROR,
  CENTRE_CREATED,
  type CentreBody,
  centreBodySchema,
  centreCompanySchema,
  GARAGE_TYPES,
  isValidSiret,
  VAT_INVALID,
  vatMatchesSiret,
} from 'contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AddressFields, errorMessage, PageHeader, useSaveAction, zodRule } from 'shared-ui';
import { createCentre } from '../api/centres';

const admin = centreBodySchema.shape;
const company = centreCompanySchema.shape;

type CentreFormValues = Omit<CentreBody, 'agreeTerms' | 'company'> & {
  company: Omit<CentreBody['company'], 'franchiseId'>;
};

/**
 * /franchise/{franchiseId}/add_center: a centre of the franchise and its admin fitter, who activates the account and
 * chooses the password from the e-mail (the franchisor never knows it).
 */
export function CentreFormPage() {
  const franchiseId = Number(useParams().franchiseId);
  const navigate = useNavigate();
  const [form] = Form.useForm<CentreFormValues>();
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaveAction();

  /** A refusal is written above the long form (not in a passing message), which keeps what was typed. */
  const showRefusal = (cause: unknown) => {
    setError(errorMessage(cause, CENTRE_CREATE_ERROR));
    return true;
  };

  const save = async (values: CentreFormValues) => {
    setError(null);
    const saved = await run(
      () => createCentre(franchiseId, { ...values, agreeTerms: true, company: { ...values.company, franchiseId } }),
      { done: CENTRE_CREATED, onRefused: showRefusal },
    );
    if (saved) navigate(`/franchise/${franchiseId}/centers_list`);
  };

  return (
    <Card>
      <PageHeader title="Ajouter un centre" />
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<CentreFormValues>
        form={form}
        layout="vertical"
        initialValues={{ company: { garageType: 'Fixe' } }}
        onFinish={(values) => void save(values)}
        disabled={saving}
      >
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          Création du centre
        </Typography.Title>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Nom du centre" name={['company', 'name']} rules={[zodRule(company.name)]} required>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Nom commercial" name={['company', 'tradeName']} rules={[zodRule(company.tradeName)]}>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="SIRET" name={['company', 'siret']} rules={[zodRule(company.siret)]} required>
              <Input inputMode="numeric" maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="N° de TVA"
              name={['company', 'tvaNumber']}
              dependencies={[['company', 'siret']]}
              required
              rules={[
                zodRule(company.tvaNumber),
                ({ getFieldValue }) => ({
                  validator: (_, value?: string) => {
                    const siret = String(getFieldValue(['company', 'siret']) ?? '');
                    if (!value || !isValidSiret(siret) || vatMatchesSiret(value, siret)) return Promise.resolve();
                    return Promise.reject(new Error(VAT_INVALID));
                  },
                }),
              ]}
            >
              <Input maxLength={20} placeholder="FR…" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Téléphone" name={['company', 'phone']} rules={[zodRule(company.phone)]} required>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Type de garage" name={['company', 'garageType']}>
              <Select options={GARAGE_TYPES.map((value) => ({ value, label: value }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="E-mail API" name={['company', 'emailApi']} rules={[zodRule(company.emailApi)]}>
              <Input type="email" />
            </Form.Item>
          </Col>
        </Row>
        <AddressFields
          namePrefix={['company']}
          rules={{
            address: [zodRule(company.address)],
            postalCode: [zodRule(company.postalCode)],
            city: [zodRule(company.city)],
          }}
          extra="Imprimée sur les factures du centre ; son administrateur peut la compléter plus tard dans « Ma société »."
        />

        <Typography.Title level={2} style={{ fontSize: 18 }}>
          Création de l’administrateur du centre
        </Typography.Title>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Prénom" name="firstname" rules={[zodRule(admin.firstname)]}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Nom" name="name" rules={[zodRule(admin.name)]} required>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="E-mail" name="email" rules={[zodRule(admin.email)]} required>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary">
          L’administrateur reçoit un e-mail pour activer son compte et choisir lui-même son mot de passe.
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={saving}>
          Créer le centre
        </Button>
      </Form>
    </Card>
  );
}
