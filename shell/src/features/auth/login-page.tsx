import { LockOutlined, MailOutlined } from '@ant-design/icons';
// Deep imports on purpose: /login is the first visit of the day and must stay light, so it carries the
// five antd components it draws instead of the shared antd the product pages use (see login-bootstrap).
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { type LoginBody, loginResponseSchema } from 'contracts';
import { useState } from 'react';
import { errorMessage, request, useSession } from 'shared-ui/runtime';
import logo from '../../assets/logo-default.svg';
import { type LoginChallenge, SecondFactorStep } from './two-factor/second-factor-step';

/** Only same-site paths are followed after login (no open redirect). */
export const safeNext = (next: string | null) => (next?.startsWith('/') && !next.startsWith('//') ? next : '/');

/** Product pages are another bundle: after signing in, the browser loads the page asked for. */
const goTo = (path: string) => window.location.replace(path);

export function LoginPage({ next }: { next: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A right password of an account with a second factor: the code is asked next, in place of the password form.
  const [challenge, setChallenge] = useState<{ email: string; challenge: LoginChallenge } | null>(null);
  const { token } = theme.useToken();

  const signedIn = (displayToken: string) => {
    useSession.getState().setToken(displayToken);
    goTo(safeNext(next));
  };

  const submit = async (values: LoginBody) => {
    setSubmitting(true);
    setError(null);
    try {
      const answer = await request('api/login', loginResponseSchema, { method: 'post', json: values });
      if (answer.step === 'session') return signedIn(answer.token);
      setChallenge({ email: values.email, challenge: answer });
      setSubmitting(false);
    } catch (cause) {
      setError(errorMessage(cause, 'Connexion impossible, réessayez.'));
      setSubmitting(false);
    }
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      {/* A plain panel, not antd's Card: Card brings Tabs, Menu and their popups into this light page. */}
      <section
        aria-label="Connexion"
        style={{
          width: 'min(400px, 100%)',
          padding: 24,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        {/* Explicit size: the card does not move when the image arrives (no layout shift). */}
        <img src={logo} alt="GarageOffice" width={160} height={40} />
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 16 }}>
          Connexion
        </Typography.Title>
        {challenge ? (
          <SecondFactorStep
            challenge={challenge.challenge}
            email={challenge.email}
            onSignedIn={signedIn}
            onRestart={() => setChallenge(null)}
          />
        ) : (
          <PasswordStep error={error} submitting={submitting} onSubmit={submit} />
        )}
      </section>
    </main>
  );
}

/** The first step: e-mail and password (and the way to a forgotten password). */
function PasswordStep({
  error,
  submitting,
  onSubmit,
}: {
  error: string | null;
  submitting: boolean;
  onSubmit: (values: LoginBody) => Promise<void>;
}) {
  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form<LoginBody> layout="vertical" onFinish={onSubmit} requiredMark={false} disabled={submitting}>
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
      {/* A full page load: the page is in the product's bundle, not in this light one. Typography's link draws it in
          the theme's green and font, as every other link of the product. */}
      <Typography.Paragraph style={{ margin: '16px 0 0', textAlign: 'center' }}>
        <Typography.Link href="/forgot-password">Mot de passe oublié ?</Typography.Link>
      </Typography.Paragraph>
    </>
  );
}

/** Someone already signed in who opens /login goes on to the page asked for. */
export function redirectIfSignedIn(next: string | null): boolean {
  if (!useSession.getState().claims) return false;
  goTo(safeNext(next));
  return true;
}
