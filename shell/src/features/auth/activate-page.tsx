import { Alert, Button, Card, Spin, Typography } from 'antd';
import { ACTIVATION_DONE, type ActivationInfo, activationInfoSchema, type NewPasswordBody } from 'contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage, request, StatusPanel, send, useSaveAction } from 'shared-ui';
import { NewPasswordForm } from './new-password-form';

const ACTIVATION_LOAD_ERROR = 'Lien d’activation invalide';

type State =
  | { step: 'loading' }
  | { step: 'ready'; info: ActivationInfo }
  | { step: 'done' }
  | { step: 'refused'; message: string };

/**
 * /activate/{token}: public page of the link e-mailed to a new centre's admin. Shows the account, activates it
 * (one time), then points to /login. No session needed. An account created without a password (a new network's
 * first administrator) chooses it here, with the form of the reset link's page.
 */
export function ActivatePage() {
  const token = useParams().token ?? '';
  const [state, setState] = useState<State>({ step: 'loading' });
  const { saving, run } = useSaveAction();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    request(`api/activation/${encodeURIComponent(token)}`, activationInfoSchema)
      .then((info) => live && setState({ step: 'ready', info }))
      .catch((cause) => live && setState({ step: 'refused', message: errorMessage(cause, ACTIVATION_LOAD_ERROR) }));
    return () => {
      live = false;
    };
  }, [token]);

  /** A refusal is written above the button (not in a passing message), as the link's own problems are. */
  const showRefusal = (cause: unknown) => {
    setError(errorMessage(cause, ACTIVATION_LOAD_ERROR));
    return true;
  };

  const activate = async (password?: NewPasswordBody) => {
    setError(null);
    const path = `api/activation/${encodeURIComponent(token)}`;
    const sent = await run(() => (password ? send(path, { json: password }) : send(path)), {
      onRefused: showRefusal,
    });
    if (sent) setState({ step: 'done' });
  };

  return (
    <Card style={{ maxWidth: 480, margin: '48px auto' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        Activer mon compte
      </Typography.Title>
      {state.step === 'loading' && <Spin aria-label="Chargement" />}
      {state.step === 'refused' && <Alert type="error" showIcon message={state.message} />}
      {state.step === 'ready' && (
        <>
          <Typography.Paragraph>
            Bonjour {state.info.firstname || state.info.email}, activez le compte <strong>{state.info.email}</strong>{' '}
            pour vous connecter{state.info.setsPassword ? ' : choisissez d’abord son mot de passe.' : '.'}
          </Typography.Paragraph>
          {state.info.setsPassword ? (
            <NewPasswordForm
              email={state.info.email}
              submitLabel="Activer mon compte"
              saving={saving}
              error={error}
              onSubmit={(values) => void activate(values)}
            />
          ) : (
            <>
              {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
              <Button type="primary" loading={saving} onClick={() => void activate()}>
                Activer mon compte
              </Button>
            </>
          )}
        </>
      )}
      {state.step === 'done' && (
        <StatusPanel status="success" title={ACTIVATION_DONE} extra={<a href="/login">Se connecter</a>} />
      )}
    </Card>
  );
}
