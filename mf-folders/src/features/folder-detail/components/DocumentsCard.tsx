import { Button, Card, List, Modal, Skeleton, Typography } from 'antd';
import { DOCUMENT_SAVED, FOLDER_DOCUMENT_TYPES } from 'contracts';
import { useState } from 'react';
import {
  ErrorState,
  FileTypeIcon,
  formatCents,
  formatDateTime,
  SafeHtml,
  UploadModal,
  useApiQuery,
  useSaveAction,
} from 'shared-ui';
import { documentUrl, getDocuments, uploadDocument } from '../../../api/folder-documents';
import { sentFolderWarning } from '../api/folder-activity';

/** The user chose « Annuler » on the sent-folder warning: no save, no message, the modal keeps what was typed. */
const CANCELLED = new Error('cancelled');

const sizeText = (bytes: number) =>
  bytes >= 1_048_576
    ? `${(bytes / 1_048_576).toFixed(1).replace('.', ',')} Mo`
    : `${Math.max(1, Math.round(bytes / 1024))} Ko`;

/**
 * The folder's documents: the list with downloads, and the upload modal. Before saving on a folder already
 * sent to its insurer, the sent-folder warning is fetched and shown; otherwise the save runs directly.
 */
export function DocumentsCard({ folderId, onChanged }: { folderId: number; onChanged: () => void }) {
  const { data, error, refetch } = useApiQuery(`api/folder/${folderId}/documents`, () => getDocuments(folderId));
  const { run } = useSaveAction();
  const [uploading, setUploading] = useState(false);
  const [warning, setWarning] = useState<{ html: string; decide: (go: boolean) => void }>();

  /** The sent-folder warning, when there is one: resolves with the user's choice. */
  const confirmSent = async () => {
    const html = await sentFolderWarning(folderId);
    if (!html) return true;
    const go = await new Promise<boolean>((decide) => setWarning({ html, decide }));
    setWarning(undefined);
    return go;
  };

  /** False on a refusal or a cancellation: the modal keeps what was typed (UploadModal's contract). */
  const submit = async (body: FormData) => {
    const saved = await run(
      async () => {
        if (!(await confirmSent())) throw CANCELLED;
        await uploadDocument(folderId, body);
      },
      { done: DOCUMENT_SAVED, onRefused: (failure) => failure === CANCELLED },
    );
    if (saved) {
      setUploading(false);
      // The folder's reads, this list among them, are read again.
      onChanged();
    }
    return saved;
  };

  return (
    <Card
      title="Documents"
      size="small"
      extra={<Button onClick={() => setUploading(true)}>Ajouter un document</Button>}
    >
      {error ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <List
          dataSource={data}
          locale={{ emptyText: 'Aucun document' }}
          renderItem={(document) => (
            <List.Item
              data-testid="folder-document"
              actions={[
                <a key="download" href={documentUrl(folderId, document.id)} download={document.fileName}>
                  Télécharger
                </a>,
              ]}
            >
              <List.Item.Meta
                avatar={<FileTypeIcon fileName={document.fileName} size={24} />}
                title={document.name}
                description={
                  <Typography.Text type="secondary">
                    {[
                      document.typeFile,
                      document.numberInvoice ? `n° ${document.numberInvoice}` : null,
                      document.priceInvoice !== null ? formatCents(document.priceInvoice) : null,
                      sizeText(document.size),
                      `${formatDateTime(document.createdAt)} · ${document.uploadedBy}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
      <UploadModal
        open={uploading}
        mode="select"
        documentTypes={[...FOLDER_DOCUMENT_TYPES]}
        initialType="Photo avant travaux"
        onCancel={() => setUploading(false)}
        onSubmit={submit}
      />
      <Modal
        open={warning !== undefined}
        title="Dossier déjà envoyé"
        okText="Ajouter quand même"
        cancelText="Annuler"
        onOk={() => warning?.decide(true)}
        onCancel={() => warning?.decide(false)}
      >
        <SafeHtml html={warning?.html} />
      </Modal>
    </Card>
  );
}
