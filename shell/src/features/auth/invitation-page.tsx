import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
import {
  CENTRE_MESSAGES,
  INVITATION_ACCEPTED,
  INVITATION_INVALID,
  type InvitationInfo,
  invitationInfoSchema,
  PASSWORD_MIN_LENGTH,
  ROLE_LABELS,
  type Role,
} from 'contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage, request, StatusPanel, send, useSaveAction } from 'shared-ui';

type State =
  | { step: 'loading' }
  | { step: 'ready'; info: InvitationInfo }
  | { step: 'done' }
  | { step: 'refused'; message: string };

interface Values {
  password: string;
  confirmation?: string;
}

/**
 * /invitation/{token}: public page of the link e-mailed with an invitation into a garage. The owner of the address
 * accepts it: with their usual password when the address already has an account, else by choosing one. Nobody
 * joins a garage without this step.
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const path = `api/invitation/${encodeURIComponent(token)}`;
  const [state, setState] = useState<State>({ step: 'loading' });
  const { saving, run } = useSaveAction();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    request(path, invitationInfoSchema)
      .then((info) => live && setState({ step: 'ready', info }))
      .catch((cause) => live && setState({ step: 'refused', message: errorMessage(cause, INVITATION_INVALID) }));
    return () => {
      live = false;
    };
  }, [path]);

  /** A refusal is written above the form (not in a passing message); the password typed stays in it. */
  const showRefusal = (cause: unknown) => {
    setError(errorMessage(cause, INVITATION_INVALID));
    return true;
  };

  const accept = async (values: Values) => {
    setError(null);
    if (await run(() => send(path, { json: values }), { onRefused: showRefusal })) setState({ step: 'done' });
  };

  return (
    <Card style={{ maxWidth: 480, margin: '48px auto' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        Rejoindre un garage
      </Typography.Title>
      {state.step === 'loading' && <Spin aria-label="Chargement" />}
      {state.step === 'refused' && <Alert type="error" showIcon message={state.message} />}
      {state.step === 'ready' && <InvitationForm info={state.info} sending={saving} error={error} onAccept={accept} />}
      {state.step === 'done' && (
        <StatusPanel status="success" title={INVITATION_ACCEPTED} extra={<a href="/login">Se connecter</a>} />
      )}
    </Card>
  );
}

function InvitationForm({
  info,
  sending,
  error,
  onAccept,
}: {
  info: InvitationInfo;
  sending: boolean;
  error: string | null;
  onAccept: (values: Values) => void;
}) {
  const roles = info.roles.map((role) => ROLE_LABELS[role as Role] ?? role).join(', ');
  return (
    <>
      <Typography.Paragraph>
        Bonjour {info.firstname || info.email}, vous êtes invité(e) à rejoindre <strong>{info.companyName}</strong> (
        {roles}) avec l’adresse <strong>{info.email}</strong>.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {info.hasAccount
          ? 'Cette adresse a déjà un compte : confirmez avec votre mot de passe habituel. Vos autres garages ne changent pas.'
          : 'Choisissez le mot de passe de votre compte.'}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form<Values> layout="vertical" onFinish={onAccept} requiredMark={false}>
        <Form.Item
          label={info.hasAccount ? 'Votre mot de passe' : 'Mot de passe'}
          name="password"
          rules={[
            { required: true, message: CENTRE_MESSAGES.passwordRequired },
            ...(info.hasAccount ? [] : [{ min: PASSWORD_MIN_LENGTH, message: CENTRE_MESSAGES.passwordTooShort }]),
          ]}
        >
          <Input.Password autoComplete={info.hasAccount ? 'current-password' : 'new-password'} autoFocus />
        </Form.Item>
        {info.hasAccount ? null : (
          <Form.Item
            label="Confirmez le mot de passe"
            name="confirmation"
            dependencies={['password']}
            rules={[
              { required: true, message: CENTRE_MESSAGES.passwordRequired },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(CENTRE_MESSAGES.passwordMismatch)),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={sending}>
          Accepter l’invitation
        </Button>
      </Form>
    </>
  );
}
