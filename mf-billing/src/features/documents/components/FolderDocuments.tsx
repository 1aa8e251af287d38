import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, List, Skeleton, Tooltip, Typography } from 'antd';
import {
  DOCUMENT_PERMISSIONS,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
  type FolderBillingSlotProps,
  folderApiPaths,
} from 'contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  EmptyState,
  ErrorState,
  formatCents,
  formatDate,
  UploadModal,
  useApiQuery,
  useCan,
  useInvalidate,
  useSaveAction,
  useSession,
} from 'shared-ui';
import { getFolderDocuments, uploadOwnInvoice } from '../api/documents';
import { NEW_DOCUMENT_LABELS } from '../document-labels';
import { DocumentStatusTag } from './DocumentStatusTag';

export const FOLDER_DOCUMENTS_EMPTY = 'Aucun devis ni facture pour ce dossier';
export const OWN_INVOICE_SAVED = 'Facture ajoutée aux documents du dossier';
const CREATABLE: DocumentType[] = ['quotation', 'invoice'];

/**
 * `mf_billing/FolderDocuments`: the folder page's quotes, invoices and credit notes, compact, with "Nouveau devis"
 * and "Nouvelle facture" for this folder. Kept apart from the document pages (its own exposed module, loaded on
 * every folder page), so it imports none of them. Read under the folder's path: any change of this folder, made by
 * any app, reads it again.
 */
export default function FolderDocuments({ folderId, companyId }: FolderBillingSlotProps) {
  const navigate = useNavigate();
  const allowed = useCan();
  // Documents are created in the selected garage, which must be the folder's (the server refuses otherwise).
  const selectedCompany = useSession((state) => state.claims?.companyId ?? 0);
  const { data, error, refetch } = useApiQuery(`api/folder/${folderId}/billing-documents`, () =>
    getFolderDocuments(folderId),
  );
  const invalidate = useInvalidate();
  const { run } = useSaveAction();
  const [uploading, setUploading] = useState(false);

  const creatable = CREATABLE.filter((type) => allowed(DOCUMENT_PERMISSIONS[type]));
  const otherGarage = selectedCompany !== companyId;
  const buttons = creatable.map((type) => (
    <Tooltip key={type} title={otherGarage ? 'Sélectionnez le garage du dossier en haut à gauche' : undefined}>
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={otherGarage}
        onClick={() => navigate(`/quotation/new/${type}?folderId=${folderId}`)}
      >
        {NEW_DOCUMENT_LABELS[type]}
      </Button>
    </Tooltip>
  ));

  /** False on a refusal: the modal keeps what was typed; the folder's reads (the documents card too) read again. */
  const uploadInvoice = async (body: FormData) => {
    const saved = await run(() => uploadOwnInvoice(folderId, body), { done: OWN_INVOICE_SAVED });
    if (saved) {
      setUploading(false);
      void invalidate(...folderApiPaths(folderId));
    }
    return saved;
  };
  const mayUpload = allowed('invoices');

  return (
    <Flex vertical gap={8}>
      {buttons.length > 0 || mayUpload ? (
        <Flex gap={8} wrap>
          {buttons}
          {mayUpload ? (
            <Button size="small" onClick={() => setUploading(true)}>
              Ajouter ma propre facture
            </Button>
          ) : null}
        </Flex>
      ) : null}
      <UploadModal open={uploading} mode="invoice" onCancel={() => setUploading(false)} onSubmit={uploadInvoice} />
      {error ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : data.length === 0 ? (
        <EmptyState description={FOLDER_DOCUMENTS_EMPTY} />
      ) : (
        <List
          size="small"
          dataSource={data}
          renderItem={(row) => (
            <List.Item data-testid="folder-billing-document">
              <Flex justify="space-between" align="center" gap={12} wrap style={{ width: '100%' }}>
                <Link to={`/quotation/show/${row.id}`}>
                  {DOCUMENT_TYPE_LABELS[row.type]} {row.number ?? 'Brouillon'}
                </Link>
                <Typography.Text type="secondary">{formatDate(row.issuedAt ?? row.createdAt)}</Typography.Text>
                <Typography.Text>{formatCents(row.totalAmount)} TTC</Typography.Text>
                <DocumentStatusTag document={row} />
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
