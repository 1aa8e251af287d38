import { Button, Card, Skeleton, Space, Typography } from 'antd';
import {
  LOGO_ACCEPT,
  LOGO_MAX_BYTES,
  LOGO_REMOVED,
  LOGO_SAVED,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_REFUSED_MESSAGE,
} from 'contracts';
import { type ReactNode, useId, useState } from 'react';
import { EmptyState, ErrorState, FileField, useFeedback, useSaveAction } from 'shared-ui';
import { deleteCompanyLogo, uploadCompanyLogo } from '../api/company';
import { useGarageLogo } from '../hooks/use-selected-company';

const ACCEPTED = LOGO_ACCEPT.split(',');

/** FileField has no `accept` prop: set on its input so that the picker offers images only. */
const acceptImages = (wrapper: HTMLDivElement | null) => {
  wrapper?.querySelector('input[type="file"]')?.setAttribute('accept', LOGO_ACCEPT);
};

/** "Logo" of /company/edit: the garage's logo, shown in the account menu and on its quotes and invoices. */
export function LogoCard({ companyId }: { companyId: number }) {
  const { company, logoUrl, showLogo } = useGarageLogo(companyId);
  const feedback = useFeedback();
  const inputId = useId();
  const [file, setFile] = useState<File>();
  // A new key remounts (empties) the native input after an upload or a refusal.
  const [inputKey, setInputKey] = useState(0);
  const { isSaving, run } = useSaveAction();

  /** Checked again by the server (by content); this spares sending what it would refuse anyway. */
  const problemOf = (picked: File) => {
    if (picked.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE_MESSAGE;
    if (picked.type && !ACCEPTED.includes(picked.type)) return LOGO_TYPE_REFUSED_MESSAGE;
    return undefined;
  };
  const choose = (picked: File | undefined) => {
    const problem = picked && problemOf(picked);
    if (problem) {
      feedback.error(problem);
      setInputKey((key) => key + 1);
    }
    setFile(problem ? undefined : picked);
  };

  const send = async () => {
    if (!file) return;
    await run(
      async () => {
        showLogo((await uploadCompanyLogo(companyId, file)).logoUrl);
        setFile(undefined);
        setInputKey((key) => key + 1);
      },
      { key: 'upload', done: LOGO_SAVED },
    );
  };

  const remove = async () => {
    const confirmed = await feedback.confirm({
      title: 'Retirer le logo ?',
      content: 'Le menu du compte et les documents n’afficheront plus de logo.',
      okText: 'Retirer',
      danger: true,
    });
    if (!confirmed) return;
    await run(
      async () => {
        await deleteCompanyLogo(companyId);
        showLogo(null);
      },
      { key: 'remove', done: LOGO_REMOVED },
    );
  };

  let current: ReactNode;
  if (company.error) current = <ErrorState onRetry={() => void company.refetch()} />;
  else if (company.isPending) current = <Skeleton.Image active />;
  else if (logoUrl) {
    current = (
      <img
        src={logoUrl}
        alt="Logo du garage"
        style={{ display: 'block', maxWidth: '100%', maxHeight: 120, objectFit: 'contain' }}
      />
    );
  } else current = <EmptyState description="Aucun logo pour ce garage" />;

  return (
    <Card title="Logo" size="small" style={{ marginBottom: 16 }}>
      <div style={{ marginBottom: 12 }}>{current}</div>
      <Typography.Paragraph type="secondary">
        PNG, JPEG ou WebP, 1 Mo maximum. Il s’affiche dans le menu du compte (après rechargement de la page) et en haut
        à gauche des devis et factures (PNG et JPEG).
      </Typography.Paragraph>
      <div style={{ marginBottom: 12 }}>
        <label htmlFor={inputId} style={{ display: 'block', marginBottom: 4 }}>
          Image du logo
        </label>
        <div key={inputKey} ref={acceptImages}>
          <FileField id={inputId} value={file} onChange={choose} />
        </div>
      </div>
      <Space wrap>
        <Button type="primary" onClick={() => void send()} disabled={!file} loading={isSaving('upload')}>
          Envoyer le logo
        </Button>
        {logoUrl ? (
          <Button danger onClick={() => void remove()} loading={isSaving('remove')}>
            Retirer le logo
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}
