import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { recoveryCodesText } from 'contracts';
import { useState } from 'react';

/** Offers the codes as a text file to keep. */
function download(codes: readonly string[], email: string) {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, email)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'codes-de-secours-garageoffice.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The ten recovery codes, shown once (the server keeps only their hashes): to print, copy or download before going on.
 * Deep antd imports: drawn on the login page too.
 */
export function RecoveryCodesPanel({ codes, email }: { codes: readonly string[]; email: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(recoveryCodesText(codes, email));
    setCopied(true);
  };
  return (
    <section aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" style={{ fontSize: 16 }}>
        Vos codes de secours
      </h2>
      <Alert
        type="warning"
        showIcon
        message="Notez-les maintenant : ils ne seront plus affichés."
        description="Chaque code remplace une seule fois le code de l’application, si vous perdez votre téléphone."
        style={{ marginBottom: 12 }}
      />
      <ol
        data-testid="recovery-codes"
        style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, paddingInlineStart: 28, margin: '0 0 12px' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button onClick={() => void copy()}>{copied ? 'Codes copiés' : 'Copier les codes'}</Button>
        <Button onClick={() => download(codes, email)}>Télécharger (.txt)</Button>
      </div>
    </section>
  );
}
