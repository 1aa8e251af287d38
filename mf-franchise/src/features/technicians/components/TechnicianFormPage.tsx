import { Button, Card, Col, Form, Input, Radio, Row, Select, Skeleton, Space, Switch } from 'antd';
import {
  DEFAULT_TECHNICIAN_COLOR,
  GARAGE_ADMIN_PICK_GARAGE,
  TECHNICIAN_NOT_FOUND,
  TECHNICIAN_SKILLS,
  type TechnicianBody,
  technicianBodySchema,
} from 'contracts';
import { Link, useParams } from 'react-router-dom';
import {
  ApiError,
  ErrorState,
  NotFoundPanel,
  PageHeader,
  StatusPanel,
  useApiQuery,
  useSession,
  zodRule,
} from 'shared-ui';
import { getTechnicianForm, technicianFormPath } from '../api/technicians';
import { useTechnicianSave } from '../hooks/use-technician-save';

const field = technicianBodySchema.shape;
const NEW_TECHNICIAN: TechnicianBody = {
  name: '',
  phone: '',
  email: '',
  mobile: false,
  color: DEFAULT_TECHNICIAN_COLOR,
  skills: [],
  active: true,
  userId: null,
};

/** A native colour picker (no extra antd component), as a controlled form field. */
function ColorInput({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return (
    <input
      type="color"
      aria-label="Couleur dans le calendrier"
      value={value ?? DEFAULT_TECHNICIAN_COLOR}
      onChange={(event) => onChange?.(event.target.value)}
      style={{ width: 64, height: 32, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
    />
  );
}

/** /technician/new/{id}: a new fitter (0) or one of the garage's. */
export function TechnicianFormPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 0;
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const needsGarage = id === 0 && companyId === 0;
  const { data, error, refetch } = useApiQuery(valid && !needsGarage ? technicianFormPath(id) : null, () =>
    getTechnicianForm(id),
  );
  const { saving, save } = useTechnicianSave(id, data);

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <NotFoundPanel title={TECHNICIAN_NOT_FOUND} backTo="/technician/list" backLabel="Retour aux poseurs" />;
  }
  if (needsGarage)
    return <StatusPanel status="info" level={1} title="Nouveau poseur" description={GARAGE_ADMIN_PICK_GARAGE} />;
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;

  const technician = data.technician;
  const initial: TechnicianBody = technician
    ? {
        name: technician.name,
        phone: technician.phone ?? '',
        email: technician.email ?? '',
        mobile: technician.mobile,
        color: technician.color,
        skills: technician.skills as TechnicianBody['skills'],
        active: technician.active,
        userId: technician.userId,
      }
    : NEW_TECHNICIAN;
  const title = technician ? technician.name : 'Nouveau poseur';

  return (
    <>
      <PageHeader title={title} breadcrumb={[{ title: 'Poseurs', href: '/technician/list' }, { title }]} />
      <Form<TechnicianBody> layout="vertical" initialValues={initial} onFinish={(values) => void save(values)}>
        <Card size="small">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Nom" name="name" rules={[zodRule(field.name)]} required>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="Téléphone" name="phone" rules={[zodRule(field.phone)]}>
                <Input type="tel" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="E-mail" name="email" rules={[zodRule(field.email)]}>
                <Input type="email" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label="Compétences" name="skills">
            <Select
              mode="multiple"
              allowClear
              placeholder="Choisir les compétences"
              options={TECHNICIAN_SKILLS.map((value) => ({ value, label: value }))}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label="Intervention" name="mobile">
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: false, label: 'Fixe (atelier)' },
                    { value: true, label: 'Mobile' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item label="Couleur dans le calendrier" name="color">
                <ColorInput />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item label="Actif" name="active" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            label="Compte utilisateur (poseur)"
            name="userId"
            extra={data.accounts.length === 0 ? 'Aucun compte « Poseur » dans ce garage' : undefined}
          >
            <Select
              allowClear
              placeholder="Aucun"
              options={data.accounts.map((account) => ({ value: account.id, label: account.name }))}
            />
          </Form.Item>
        </Card>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            Enregistrer
          </Button>
          <Link to="/technician/list">
            <Button>Retour à la liste</Button>
          </Link>
        </Space>
      </Form>
    </>
  );
}
