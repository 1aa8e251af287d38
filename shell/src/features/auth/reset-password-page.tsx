import { Alert, Card, Spin, Typography } from 'antd';
import {
  type NewPasswordBody,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_INVALID,
  type PasswordResetInfo,
  passwordResetInfoSchema,
} from 'contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, errorMessage, request, StatusPanel, send, useSaveAction } from 'shared-ui';
import { NewPasswordForm } from './new-password-form';

type State =
  | { step: 'loading' }
  | { step: 'ready'; info: PasswordResetInfo }
  | { step: 'done' }
  | { step: 'refused'; message: string };

/** The link is dead (unknown, used, expired): nothing typed here can help, only a new link. */
const linkIsDead = (cause: unknown) => cause instanceof ApiError && (cause.status === 404 || cause.status === 410);

/**
 * /reset-password/{token}: public page of the link « Mot de passe oublié ? » e-mails. The holder chooses the new
 * password; every session of the account ends, and the link stops working. A dead link says why and offers a new one.
 */
export function ResetPasswordPage() {
  const token = useParams().token ?? '';
  const path = `api/password-reset/${encodeURIComponent(token)}`;
  const [state, setState] = useState<State>({ step: 'loading' });
  const { saving, run } = useSaveAction();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    request(path, passwordResetInfoSchema)
      .then((info) => live && setState({ step: 'ready', info }))
      .catch((cause) => live && setState({ step: 'refused', message: errorMessage(cause, PASSWORD_RESET_INVALID) }));
    return () => {
      live = false;
    };
  }, [path]);

  /** Said in the page, not in a passing message: a dead link replaces the form, any other refusal sits above it. */
  const showRefusal = (cause: unknown) => {
    if (linkIsDead(cause)) setState({ step: 'refused', message: errorMessage(cause, PASSWORD_RESET_INVALID) });
    else setError(errorMessage(cause, PASSWORD_RESET_INVALID));
    return true;
  };

  const save = async (values: NewPasswordBody) => {
    setError(null);
    if (await run(() => send(path, { json: values }), { onRefused: showRefusal })) setState({ step: 'done' });
  };

  return (
    <Card style={{ maxWidth: 480, margin: '48px auto' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        Nouveau mot de passe
      </Typography.Title>
      {state.step === 'loading' && <Spin aria-label="Chargement" />}
      {state.step === 'refused' && (
        <>
          <Alert type="error" showIcon message={state.message} role="alert" style={{ marginBottom: 16 }} />
          <a href="/forgot-password">Demander un nouveau lien</a>
        </>
      )}
      {state.step === 'ready' && (
        <>
          <Typography.Paragraph>
            Choisissez le nouveau mot de passe du compte <strong>{state.info.email}</strong>. Les sessions ouvertes avec
            l’ancien seront fermées.
          </Typography.Paragraph>
          <NewPasswordForm
            email={state.info.email}
            submitLabel="Enregistrer le mot de passe"
            saving={saving}
            error={error}
            onSubmit={(values) => void save(values)}
          />
        </>
      )}
      {state.step === 'done' && (
        <StatusPanel status="success" title={PASSWORD_RESET_DONE} extra={<a href="/login">Se connecter</a>} />
      )}
    </Card>
  );
}
