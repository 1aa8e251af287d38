import { Button, Space } from 'antd';
import { ALL_COMPANIES_ID, PLATFORM_MESSAGES, type Reception } from 'contracts';
import { useRef } from 'react';
import { useFeedback, useInvalidate, useSaveAction, useSession } from 'shared-ui';
import { importReceived, syncPlatform, UNBOOKED_PATH } from '../api/received';

/** What became of an imported file, as the garage reads it. */
export function receptionMessage(reception: Reception): string {
  if (reception.state === 'booked') return 'Facture enregistrée en dépense : vérifiez sa catégorie et approuvez-la';
  if (reception.state === 'duplicate') return reception.reason ?? 'Doublon refusé';
  return `À traiter : ${reception.reason ?? 'fichier illisible'}`;
}

/**
 * « Importer une facture reçue » (a Factur-X, CII or UBL received by mail or on paper's twin) and « Relever la
 * plateforme » (ask the approved platform now rather than at its next pass). Both need one garage.
 */
export function ReceivedActions() {
  const companyId = useSession((state) => state.claims?.companyId ?? ALL_COMPANIES_ID);
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const { run, isSaving } = useSaveAction();
  const input = useRef<HTMLInputElement>(null);
  const refresh = () => invalidate('api/expense', UNBOOKED_PATH, 'api/accounting');
  const needGarage = () => {
    if (companyId !== ALL_COMPANIES_ID) return false;
    feedback.info(PLATFORM_MESSAGES.pickGarage);
    return true;
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    await run(
      async () => {
        const reception = await importReceived(body);
        await refresh();
        if (reception.state === 'booked') feedback.success(receptionMessage(reception));
        else feedback.notify('Facture non enregistrée en dépense', receptionMessage(reception));
      },
      { key: 'import' },
    );
    if (input.current) input.current.value = '';
  };

  return (
    <Space wrap>
      <input
        ref={input}
        type="file"
        hidden
        accept=".pdf,.xml,application/pdf,application/xml,text/xml"
        aria-label="Fichier de la facture reçue"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <Button loading={isSaving('import')} onClick={() => needGarage() || input.current?.click()}>
        Importer une facture reçue
      </Button>
      <Button
        loading={isSaving('sync')}
        onClick={() =>
          needGarage() ||
          void run(
            async () => {
              const { received } = await syncPlatform(companyId);
              await refresh();
              return received;
            },
            {
              key: 'sync',
              done: (received) =>
                received === 0 ? 'Aucune nouvelle facture sur la plateforme' : `${received} facture(s) reçue(s)`,
            },
          )
        }
      >
        Relever la plateforme
      </Button>
    </Space>
  );
}
