import { Alert, Button, Card, Flex, Spin, Tag, Typography } from 'antd';
import type { TotpEnrolment } from 'contracts';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { ErrorState, PageHeader, useSession } from 'shared-ui';
import { useTwoFactor } from './hooks/use-two-factor';
import { OneTimeCodeForm } from './one-time-code-form';
import { ReauthenticationForm } from './reauthentication-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TotpEnrolmentView } from './totp-enrolment';
import { startTwoFactorSetup } from './two-factor-api';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** What a current code is asked for: turning the factor off, or ten new recovery codes. */
type CodeAction = 'disable' | 'renew';

/**
 * « Mon compte » > « Double authentification » (/account/two-factor): any signed-in user turns a TOTP second factor
 * on (scan, first code, recovery codes shown once) or off (a current code), and renews the recovery codes.
 */
export function TwoFactorPage() {
  const claims = useSession((state) => state.claims);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [asking, setAsking] = useState<CodeAction | null>(null);
  const [recovery, setRecovery] = useState(false);
  const { status, codes, codesKept, enable, renew, disable } = useTwoFactor(claims !== null, () => {
    setEnrolment(null);
    setAsking(null);
    setRecovery(false);
  });

  // A shell page stands outside the route guard: signed out, it is the sign-in first.
  if (!claims) return <Navigate to="/login?next=%2Faccount%2Ftwo-factor" replace />;

  const body = () => {
    if (codes) {
      return (
        <>
          <RecoveryCodesPanel codes={codes} email={claims.email} />
          <Button type="primary" style={{ marginTop: 16 }} onClick={codesKept}>
            J’ai conservé mes codes
          </Button>
        </>
      );
    }
    if (status.error) return <ErrorState onRetry={() => void status.refetch()} />;
    if (!status.data) return <Spin aria-label="Chargement" />;
    const { enabled, enabledAt, recoveryCodesLeft, required } = status.data;

    if (!enabled) {
      return (
        <>
          <Tag>Désactivée</Tag>
          {required ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBlock: 12 }}
              message="Votre garage l’impose pour votre rôle : elle vous sera demandée à votre prochaine connexion."
            />
          ) : null}
          {enrolment ? (
            <div style={{ maxWidth: 420, marginTop: 16 }}>
              <TotpEnrolmentView enrolment={enrolment} />
              <OneTimeCodeForm mode="totp" submitLabel="Activer" onCode={enable} />
            </div>
          ) : (
            <ReauthenticationForm onConfirmed={async (password) => setEnrolment(await startTwoFactorSetup(password))} />
          )}
        </>
      );
    }

    return (
      <>
        <Flex gap={8} wrap align="center">
          <Tag color="green">Activée</Tag>
          {enabledAt ? <Typography.Text type="secondary">depuis le {dateTime(enabledAt)}</Typography.Text> : null}
        </Flex>
        <Typography.Paragraph style={{ marginTop: 12 }}>
          Codes de secours restants : <strong>{recoveryCodesLeft}</strong> sur 10.
        </Typography.Paragraph>
        {asking ? (
          <div style={{ maxWidth: 420 }}>
            <Typography.Paragraph>
              {asking === 'disable'
                ? 'Pour désactiver la double authentification, confirmez avec un code actuel.'
                : 'Pour remplacer vos codes de secours (les anciens ne serviront plus), confirmez avec un code actuel.'}
              {required && asking === 'disable'
                ? ' Votre garage l’impose : un nouveau téléphone vous sera demandé à la prochaine connexion.'
                : ''}
            </Typography.Paragraph>
            <OneTimeCodeForm
              key={`${asking}-${recovery}`}
              mode={recovery ? 'recovery' : 'totp'}
              submitLabel={asking === 'disable' ? 'Désactiver' : 'Générer de nouveaux codes'}
              onCode={asking === 'disable' ? disable : renew}
            />
            <Flex gap={8} wrap style={{ marginTop: 8 }}>
              <Button type="link" style={{ paddingInline: 0 }} onClick={() => setRecovery(!recovery)}>
                {recovery ? 'Utiliser le code de l’application' : 'Utiliser un code de secours'}
              </Button>
              <Button type="link" onClick={() => setAsking(null)}>
                Annuler
              </Button>
            </Flex>
          </div>
        ) : (
          <Flex gap={8} wrap>
            <Button onClick={() => setAsking('renew')}>Nouveaux codes de secours</Button>
            <Button danger onClick={() => setAsking('disable')}>
              Désactiver
            </Button>
          </Flex>
        )}
      </>
    );
  };

  return (
    <Card>
      <PageHeader title="Double authentification" />
      <Typography.Paragraph>
        À chaque connexion, après votre mot de passe, un code à 6 chiffres affiché par une application
        d’authentification de votre téléphone : un mot de passe volé ne suffit plus pour entrer.
      </Typography.Paragraph>
      {body()}
    </Card>
  );
}
