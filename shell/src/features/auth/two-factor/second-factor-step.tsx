import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import type { LoginResponse, LoginSession } from 'contracts';
import { useState } from 'react';
import { ApiError, errorMessage } from 'shared-ui/runtime';
import { OneTimeCodeForm } from './one-time-code-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TotpEnrolmentView } from './totp-enrolment';
import { sendSecondFactor } from './two-factor-api';

export type LoginChallenge = Exclude<LoginResponse, { step: 'session' }>;

interface Props {
  challenge: LoginChallenge;
  email: string;
  /** The session is open: the page goes on with this display token. */
  onSignedIn: (displayToken: string) => void;
  /** Back to the password (the challenge expired, or ended after too many wrong codes). */
  onRestart: () => void;
}

/**
 * The sign-in's second step, after a right password: the code of the authenticator app (or a recovery code), or, for
 * an account its garage requires a factor of and that has none yet, the enrolment first (scan, first code, recovery
 * codes to keep). No session exists before the code is right.
 */
export function SecondFactorStep({ challenge, email, onSignedIn, onRestart }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [signedIn, setSignedIn] = useState<LoginSession | null>(null);
  const enrol = challenge.step === 'enrol';

  const send = async (code: string) => {
    setError(null);
    try {
      const answer = await sendSecondFactor(challenge.challenge, code);
      // Codes to keep, or how many are left: said before leaving the page. Otherwise straight on.
      if (answer.recoveryCodes || answer.recoveryCodesLeft !== undefined) setSignedIn(answer);
      else onSignedIn(answer.token);
    } catch (cause) {
      setError(errorMessage(cause, 'Vérification impossible, réessayez.'));
      // 410: five minutes passed, or too many wrong codes: only a new password starts again.
      if (cause instanceof ApiError && cause.status === 410) setOver(true);
      throw cause;
    }
  };

  if (signedIn) {
    return (
      <>
        {signedIn.recoveryCodes ? (
          <RecoveryCodesPanel codes={signedIn.recoveryCodes} email={email} />
        ) : (
          <Alert
            type="info"
            showIcon
            role="status"
            message={`Code de secours accepté : il vous en reste ${signedIn.recoveryCodesLeft ?? 0}.`}
            description="Téléphone perdu ? Dans « Mon compte » > « Double authentification », désactivez-la avec un code de secours puis configurez votre nouveau téléphone."
          />
        )}
        <Button type="primary" block style={{ marginTop: 16 }} onClick={() => onSignedIn(signedIn.token)}>
          Continuer
        </Button>
      </>
    );
  }

  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        {enrol ? 'Configurer la double authentification' : 'Vérification en deux étapes'}
      </Typography.Title>
      {enrol ? (
        <>
          <Typography.Paragraph>
            Votre garage demande un second facteur pour ce compte : configurez-le maintenant pour vous connecter.
          </Typography.Paragraph>
          <TotpEnrolmentView enrolment={challenge} />
        </>
      ) : (
        <Typography.Paragraph>
          {mode === 'totp'
            ? 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.'
            : 'Saisissez l’un de vos codes de secours (chacun ne sert qu’une fois).'}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      {over ? (
        <Button type="primary" block onClick={onRestart}>
          Recommencer la connexion
        </Button>
      ) : (
        <OneTimeCodeForm key={mode} mode={mode} submitLabel="Vérifier" onCode={send} />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', marginTop: 8 }}>
        {enrol || over ? null : (
          <Button
            type="link"
            style={{ paddingInline: 0 }}
            onClick={() => setMode(mode === 'totp' ? 'recovery' : 'totp')}
          >
            {mode === 'totp' ? 'Utiliser un code de secours' : 'Utiliser le code de l’application'}
          </Button>
        )}
        <Button type="link" style={{ paddingInline: 0 }} onClick={onRestart}>
          Retour
        </Button>
      </div>
    </>
  );
}
