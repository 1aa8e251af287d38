import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import type { TotpEnrolment } from 'contracts';
import { useState } from 'react';

/** « ABCD EFGH IJKL … »: four letters at a time, as it is typed into an app. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * How to add the account to an authenticator app: the QR code to scan (an image the server drew, no QR library here)
 * or the key to type. Deep antd imports: the login page draws it too, and stays light.
 */
export function TotpEnrolmentView({ enrolment }: { enrolment: TotpEnrolment }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(enrolment.secret);
    setCopied(true);
  };
  return (
    <div>
      <Typography.Paragraph>
        Scannez ce QR code avec votre application d’authentification (Google Authenticator, Microsoft Authenticator,
        FreeOTP…), puis saisissez le code à 6 chiffres qu’elle affiche.
      </Typography.Paragraph>
      {/* Explicit size: nothing moves when the image is decoded. */}
      <img
        src={enrolment.qrCode}
        alt="QR code à scanner avec votre application d’authentification"
        width={180}
        height={180}
        style={{ display: 'block', margin: '0 auto 12px' }}
      />
      <Typography.Paragraph>
        Impossible de scanner ? Saisissez cette clé dans l’application :{' '}
        <code data-testid="totp-secret" style={{ wordBreak: 'break-all', fontSize: 15 }}>
          {groupedSecret(enrolment.secret)}
        </code>{' '}
        <Button size="small" onClick={() => void copy()}>
          {copied ? 'Clé copiée' : 'Copier la clé'}
        </Button>
      </Typography.Paragraph>
    </div>
  );
}
