import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { type LoginBody, sessionResponseSchema } from 'contracts';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage, request, useSession } from 'shared-ui';
import logo from '../../assets/logo-default.svg';

/** Only same-site paths are followed after login (no open redirect). */
const safeNext = (next: string | null) => (next?.startsWith('/') && !next.startsWith('//') ? next : '/');

export function LoginPage() {
  const claims = useSession((state) => state.claims);
  const setToken = useSession((state) => state.setToken);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (claims) return <Navigate to={safeNext(params.get('next'))} replace />;

  const submit = async (values: LoginBody) => {
    setSubmitting(true);
    setError(null);
    try {
      const { token } = await request('api/login', sessionResponseSchema, { method: 'post', json: values });
      setToken(token);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (cause) {
      setError(errorMessage(cause, 'Connexion impossible, réessayez.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card style={{ width: 'min(400px, 100%)' }}>
        {/* Explicit size: the card does not move when the image arrives (no layout shift). */}
        <img src={logo} alt="GarageOffice" width={160} height={40} />
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 16 }}>
          Connexion
        </Typography.Title>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form<LoginBody> layout="vertical" onFinish={submit} requiredMark={false} disabled={submitting}>
          <Form.Item
            label="Adresse e-mail"
            name="email"
            rules={[
              { required: true, message: "L'adresse e-mail est obligatoire" },
              { type: 'email', message: 'Adresse e-mail invalide' },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label="Mot de passe"
            name="password"
            rules={[{ required: true, message: 'Le mot de passe est obligatoire' }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Se connecter
          </Button>
        </Form>
      </Card>
    </main>
  );
}
