import { Button, Form, Skeleton, Space } from 'antd';
import {
  BILLING_DOCUMENT_NOT_FOUND,
  DOCUMENT_LIST_TITLES,
  DOCUMENT_PERMISSIONS,
  DOCUMENT_PICK_GARAGE,
  DOCUMENT_TYPES,
  type DocumentType,
  startingTaxRate,
} from 'contracts';
import { useCallback, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  ApiError,
  ErrorState,
  GaragePicker,
  NotFoundPanel,
  PageHeader,
  StatusPanel,
  useCan,
  useSelectedCompany,
  useSession,
} from 'shared-ui';
import { documentName, NEW_DOCUMENT_LABELS } from '../document-labels';
import { type DocumentFormValues, documentValues, newDocumentValues, typeOfCode } from '../form-values';
import { useDocumentForm } from '../hooks/use-document-form';
import { useTypedDraft } from '../hooks/use-typed-draft';
import { markRefusedFields } from '../refused-fields';
import { DeductibleSplitNotice } from './DeductibleNotice';
import { DocumentActions } from './DocumentActions';
import { DocumentEditor } from './DocumentEditor';
import { DocumentMails } from './DocumentMails';
import { DocumentPlatform } from './DocumentPlatform';
import { DocumentReadOnly } from './DocumentReadOnly';
import { DocumentStatusTag } from './DocumentStatusTag';
import { LinkedDocuments } from './LinkedDocuments';

/** Who may write which type, and record payments: the permission table, read once. */
function usePermissions() {
  const allowed = useCan();
  const mayWrite = useCallback((type: DocumentType) => allowed(DOCUMENT_PERMISSIONS[type]), [allowed]);
  return { mayWrite, mayRecordPayments: allowed('payments') };
}

const positiveInt = (text: string | null | undefined) => {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : null;
};

function NotFound({ title = BILLING_DOCUMENT_NOT_FOUND }: { title?: string }) {
  return <NotFoundPanel title={title} backTo="/quotation/list/quotation" backLabel="Retour aux devis" />;
}

/**
 * /quotation/new/:type (`?folderId=` links it to a folder) and /quotation/show/:id. A draft the user may write
 * is a form; an issued document (or a type the user only reads) is shown as stored, with its actions.
 */
export function DocumentFormPage() {
  const { type, id } = useParams();
  const [search] = useSearchParams();
  const folderId = positiveInt(search.get('folderId'));
  // Another document is another page: nothing typed or loaded carries over.
  if (type !== undefined) return <NewDocument key={`${type}-${folderId}`} typeParam={type} folderId={folderId} />;
  return <ShowDocument key={id} id={positiveInt(id)} />;
}

function NewDocument({ typeParam, folderId }: { typeParam: string; folderId: number | null }) {
  const type = DOCUMENT_TYPES.find((candidate) => candidate === typeParam);
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const { mayWrite } = usePermissions();
  if (!type) return <NotFound title="Type de document inconnu" />;
  // A credit note only ever corrects an issued invoice: it is made there, from « Créer un avoir ».
  if (type === 'credit-note') {
    return (
      <StatusPanel
        level={1}
        title="Un avoir se crée depuis la facture qu’il corrige"
        description="Ouvrez la facture émise, puis « Créer un avoir » : l’avoir reprend son client et ses lignes en négatif, avec le motif que vous indiquez."
        extra={
          <Link to="/quotation/list/invoice">
            <Button type="primary">Voir les factures</Button>
          </Link>
        }
      />
    );
  }
  if (!mayWrite(type)) {
    return <StatusPanel status="forbidden" level={1} title="Vous ne pouvez pas créer ce type de document" />;
  }
  if (companyId === 0) {
    return (
      <>
        <PageHeader title={NEW_DOCUMENT_LABELS[type]} />
        <GaragePicker message={DOCUMENT_PICK_GARAGE} />
      </>
    );
  }
  const creatable = DOCUMENT_TYPES.filter((each) => each !== 'credit-note' && mayWrite(each));
  return <NewDocumentForm type={type} folderId={folderId} allowedTypes={creatable} />;
}

function NewDocumentForm({
  type,
  folderId,
  allowedTypes,
}: {
  type: DocumentType;
  folderId: number | null;
  allowedTypes: DocumentType[];
}) {
  const [form] = Form.useForm<DocumentFormValues>();
  const { saving, save } = useDocumentForm(undefined, folderId);
  // The selected garage's default VAT rate; unreadable, the form still opens at 20 %.
  const company = useSelectedCompany();
  const ready = !company.isPending;
  const initialValues = useMemo(() => newDocumentValues(type, startingTaxRate(company.data)), [type, company.data]);
  const typeCode = Form.useWatch('typeCode', form) as number | undefined;
  const current = typeOfCode(typeCode ?? initialValues.typeCode);
  if (!ready) return <Skeleton active paragraph={{ rows: 12 }} />;
  return (
    <>
      <PageHeader
        title={NEW_DOCUMENT_LABELS[current]}
        breadcrumb={[
          { title: DOCUMENT_LIST_TITLES[current], href: `/quotation/list/${current}` },
          { title: NEW_DOCUMENT_LABELS[current] },
        ]}
      />
      <DocumentEditor
        form={form}
        initialValues={initialValues}
        isNew
        allowedTypes={allowedTypes}
        folderId={folderId}
        folderNumber={null}
        saving={saving}
        onSave={save}
        backHref={`/quotation/list/${current}`}
      />
    </>
  );
}

function ShowDocument({ id }: { id: number | null }) {
  const [form] = Form.useForm<DocumentFormValues>();
  const { mayWrite, mayRecordPayments } = usePermissions();
  const documentForm = useDocumentForm(id ?? undefined);
  const { document, error, refetch, saving, save } = documentForm;
  const initialValues = useMemo(() => (document ? documentValues(document) : undefined), [document]);
  const editing = Boolean(document?.editable && mayWrite(document.type));
  const { typedDraft, beforeIssue } = useTypedDraft(form, editing, initialValues, documentForm);

  if (id === null || (error instanceof ApiError && error.status === 404)) return <NotFound />;
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (!document || !initialValues) return <Skeleton active paragraph={{ rows: 12 }} />;

  const listHref = `/quotation/list/${document.type}`;
  const name = documentName(document.type, document.number, document.deposit);

  return (
    <>
      <PageHeader
        title={name}
        subtitle={
          <Space size={8}>
            <DocumentStatusTag document={document} />
            <span>{document.customer.name}</span>
          </Space>
        }
        breadcrumb={[{ title: DOCUMENT_LIST_TITLES[document.type], href: listHref }, { title: name }]}
        extra={
          <DocumentActions
            document={document}
            mayWrite={mayWrite}
            mayRecordPayments={mayRecordPayments}
            typedDraft={typedDraft}
            beforeIssue={beforeIssue}
            onFieldsRefused={(fields) => markRefusedFields(form, fields)}
          />
        }
      />
      <LinkedDocuments document={document} />
      <DeductibleSplitNotice document={document} />
      <DocumentMails documentId={document.id} />
      {document.status !== 'draft' && (document.type === 'invoice' || document.type === 'credit-note') ? (
        <DocumentPlatform documentId={document.id} />
      ) : null}
      {editing ? (
        <DocumentEditor
          // A save or a refused issue shows what the server stored and recomputed: the form starts again from it.
          key={document.updatedAt}
          form={form}
          initialValues={initialValues}
          isNew={false}
          allowedTypes={[document.type]}
          folderId={document.folderId}
          folderNumber={document.folderNumber}
          saving={saving}
          onSave={save}
          backHref={listHref}
        />
      ) : (
        <DocumentReadOnly document={document} writable={mayWrite(document.type)} />
      )}
    </>
  );
}
