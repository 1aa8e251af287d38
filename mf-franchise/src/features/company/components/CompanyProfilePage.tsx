import { Button, Card, Col, Form, Input, Row, Select, Skeleton } from 'antd';
import {
  type CompanyProfile,
  type CompanyProfileBody,
  centsToText,
  companyProfileBodySchema,
  formatIban,
  LEGAL_FORMS,
  REGISTRY_KIND_LABELS,
  REGISTRY_KINDS,
  REGISTRY_PLACE_REQUIRED,
} from 'contracts';
import { AddressFields, ErrorState, PageHeader, useSession, zodRule } from 'shared-ui';
import { PickGarage } from '../../../components/PickGarage';
import { useCompanyProfile } from '../hooks/use-company-profile';
import { BillingCard } from './BillingCard';

const field = companyProfileBodySchema.shape;
const rule = (name: keyof typeof field) => [zodRule(field[name])];
const euros = (cents: number | null) => (cents === null ? '' : centsToText(cents));

const toForm = (profile: CompanyProfile): CompanyProfileBody => ({
  name: profile.name,
  tradeName: profile.tradeName ?? '',
  siret: profile.siret ?? '',
  tvaNumber: profile.tvaNumber ?? '',
  phone: profile.phone ?? '',
  email: profile.email ?? '',
  address: profile.address ?? '',
  postalCode: profile.postalCode ?? '',
  city: profile.city ?? '',
  legalForm: (profile.legalForm as CompanyProfileBody['legalForm']) ?? null,
  shareCapital: euros(profile.shareCapital),
  registryKind: profile.registryKind,
  registryPlace: profile.registryPlace ?? '',
  vatExemption: profile.vatExemption ?? '',
  iban: profile.iban ? formatIban(profile.iban) : '',
  vatOnDebits: profile.vatOnDebits,
  vatFiling: profile.vatFiling,
  einvoicingAddress: profile.einvoicingAddress,
  latePenaltyRate: profile.latePenaltyRate === null ? '' : String(profile.latePenaltyRate).replace('.', ','),
  fiscalYearStartMonth: profile.fiscalYearStartMonth,
});

const REGISTRY_OPTIONS = REGISTRY_KINDS.map((kind) => ({ value: kind, label: REGISTRY_KIND_LABELS[kind] }));
/** Chosen, the register's short name (RCS, RM) fits the field; its long name stays in the list. */
const shortName = ({ value }: { value: unknown }) => String(value);

/** /company "Ma société": the selected garage's identity and what its invoices print. */
export function CompanyProfilePage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const [form] = Form.useForm<CompanyProfileBody>();
  const showSaved = (saved: CompanyProfile) => form.setFieldsValue(toForm(saved));
  const { data: profile, error, refetch, saving, save } = useCompanyProfile(companyId, showSaved);

  if (companyId === 0) return <PickGarage title="Ma société" />;
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (!profile) return <Skeleton active paragraph={{ rows: 12 }} />;

  return (
    <>
      <PageHeader title="Ma société" subtitle="Ces informations sont imprimées sur vos devis et factures." />
      <Form<CompanyProfileBody>
        form={form}
        layout="vertical"
        initialValues={toForm(profile)}
        onFinish={(values) => void save(values)}
      >
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Card title="Identité" size="small" style={{ marginBottom: 16 }}>
              <Form.Item label="Raison sociale" name="name" rules={rule('name')} required>
                <Input maxLength={120} />
              </Form.Item>
              <Form.Item label="Nom commercial" name="tradeName" rules={rule('tradeName')}>
                <Input maxLength={120} />
              </Form.Item>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item label="Forme juridique" name="legalForm">
                    <Select
                      allowClear
                      placeholder="Choisir"
                      options={LEGAL_FORMS.map((value) => ({ value, label: value }))}
                    />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label="Capital social (€)" name="shareCapital" rules={rule('shareCapital')}>
                    <Input inputMode="decimal" placeholder="0,00" />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item label="SIRET" name="siret" rules={rule('siret')}>
                    <Input inputMode="numeric" maxLength={20} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    label="N° de TVA intracommunautaire"
                    name="tvaNumber"
                    extra="Vérifié avec le SIREN du SIRET à l’enregistrement"
                  >
                    <Input maxLength={20} placeholder="FR…" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                label="Mention d’exonération de TVA"
                name="vatExemption"
                rules={rule('vatExemption')}
                extra="Imprimée à la place du n° de TVA, ex. « TVA non applicable, art. 293 B du CGI »"
              >
                <Input maxLength={200} />
              </Form.Item>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item label="Immatriculation" name="registryKind" rules={rule('registryKind')}>
                    <Select allowClear placeholder="RCS ou RM" labelRender={shortName} options={REGISTRY_OPTIONS} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    label="Ville du greffe ou département"
                    name="registryPlace"
                    dependencies={['registryKind']}
                    rules={[
                      ...rule('registryPlace'),
                      ({ getFieldValue }) => ({
                        validator: (_, value?: string | null) =>
                          getFieldValue('registryKind') && !value?.trim()
                            ? Promise.reject(new Error(REGISTRY_PLACE_REQUIRED))
                            : Promise.resolve(),
                      }),
                    ]}
                    extra="Imprimé « RCS Lyon » ou « RM Rhône », suivi du SIREN"
                  >
                    <Input maxLength={80} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title="Coordonnées" size="small" style={{ marginBottom: 16 }}>
              <AddressFields rules={{ address: rule('address'), postalCode: rule('postalCode'), city: rule('city') }} />
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
            </Card>
            <BillingCard siret={profile.siret} />
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          Enregistrer
        </Button>
      </Form>
    </>
  );
}
