import { DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import {
  type BillingDocument,
  CREDITABLE_INVOICE_STATUSES,
  DOCUMENT_MAIL_TYPES,
  type DocumentBody,
  type DocumentType,
} from 'contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type ChoiceOptions, useFeedback, useSaveAction } from 'shared-ui';
import { PaymentModal } from '../../../components/payment-modal/PaymentModal';
import { deleteDocument, receivePurchaseOrder } from '../api/documents';
import { useDocumentCache } from '../hooks/use-document-cache';
import { useIssueDocument } from '../hooks/use-issue-document';
import { CessionOverrideModal } from './CessionOverrideModal';
import { CreditNoteModal } from './CreditNoteModal';
import { DocumentDownloads } from './DocumentDownloads';
import { DocumentMailModal } from './DocumentMailModal';
import { InvoiceFromQuoteModal } from './InvoiceFromQuoteModal';
import { QuoteActions } from './QuoteActions';
import { RefundButton } from './RefundModal';

/** « Envoyer par e-mail » on a draft: issue it first (advised), or send the draft as it is. */
const DRAFT_MAIL_CHOICE = {
  title: 'Émettre le devis avant de l’envoyer ?',
  content:
    'Ce devis est un brouillon : le client recevrait un « Devis (brouillon) » sans numéro. Émis, il porte son numéro et ne change plus.',
  choices: [
    { key: 'draft', label: 'Envoyer le brouillon' },
    { key: 'issue', label: 'Émettre et envoyer', primary: true },
  ],
} as const satisfies ChoiceOptions<'draft' | 'issue'>;

/** « Enregistrer un paiement » on an issued invoice. */
function InvoicePaymentModal({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: BillingDocument;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { id, number, totalAmount, paidAmount, creditedAmount, billTo, issuedAt } = invoice;
  return (
    <PaymentModal
      invoice={{ id, number, totalAmount, paidAmount, creditedAmount, billTo, issuedAt }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

interface DocumentActionsProps {
  document: BillingDocument;
  /** May the user write documents of this type (permission table)? */
  mayWrite: (type: DocumentType) => boolean;
  mayRecordPayments: boolean;
  /**
   * What is typed in the draft and not saved yet: its body, null when nothing changed, false when a field is
   * invalid (the form said so). « Émettre » sends it with the issue, in one call.
   */
  typedDraft: () => Promise<DocumentBody | null | false>;
  /** Saves what is typed in the draft (before invoicing or mailing it); resolves false when the save failed. */
  beforeIssue: () => Promise<boolean>;
  /** An issue refused for missing mentions: the buyer's fields it names, to mark on the form. */
  onFieldsRefused: (fields: string[]) => void;
}

/**
 * What can be done with a document in its status: issue or delete a draft, turn a quote into an invoice,
 * credit an invoice, receive a purchase order, record a payment, download the PDF and an invoice's payment
 * statement. Every step that cannot be undone asks first.
 */
export function DocumentActions({
  document,
  mayWrite,
  mayRecordPayments,
  typedDraft,
  beforeIssue,
  onFieldsRefused,
}: DocumentActionsProps) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { isSaving, run } = useSaveAction(); // one key per button: only the clicked one spins
  const cache = useDocumentCache();
  const [modal, setModal] = useState<'invoice' | 'payment' | 'credit' | 'cession' | 'mail'>();
  const { type, status } = document;
  const isDraft = status === 'draft' && document.editable;

  const issue = useIssueDocument({
    document,
    typedDraft,
    mayRecordPayments,
    run,
    onCessionRequired: () => setModal('cession'),
    onFieldsRefused,
  });

  const remove = async () => {
    const confirmed = await feedback.confirm({
      title: 'Supprimer ce brouillon ?',
      content: 'Le brouillon et ses lignes seront définitivement supprimés.',
      okText: 'Supprimer',
      danger: true,
    });
    if (!confirmed) return;
    if (!(await run(() => deleteDocument(document.id), { key: 'delete', done: 'Brouillon supprimé' }))) return;
    void cache.listed(document.folderId);
    navigate(`/quotation/list/${type}`);
  };

  /** The server issues a draft quote before invoicing it: what is typed in it is saved first, as for "Émettre". */
  const toInvoice = async () => {
    if (status === 'draft' && !(await beforeIssue())) return;
    setModal('invoice');
  };

  const receive = async () => {
    const confirmed = await feedback.confirm({
      title: 'Réceptionner la commande ?',
      content: 'Les lignes marquées « Ajout au stock » entreront en stock.',
      okText: 'Réceptionner',
    });
    if (!confirmed) return;
    await run(async () => cache.stored(await receivePurchaseOrder(document.id)), {
      key: 'receive',
      done: 'Commande réceptionnée',
    });
  };

  // A quote goes in any status (a draft's PDF says BROUILLON); an invoice or a credit note once issued, as issued.
  const mailable =
    (DOCUMENT_MAIL_TYPES as readonly DocumentType[]).includes(type) &&
    (type === 'quotation' || status !== 'draft') &&
    mayWrite(type);
  // A draft is proposed to be issued first; sent as a draft, what is typed is saved first (the mail carries it).
  const toMail = async () => {
    if (isDraft) {
      const choice = await feedback.choose(DRAFT_MAIL_CHOICE);
      if (!choice || !(await (choice === 'issue' ? issue({ asked: true }) : beforeIssue()))) return;
    }
    setModal('mail');
  };

  return (
    <>
      <Space wrap>
        {isDraft && mayWrite(type) ? (
          <Button type="primary" loading={isSaving('issue')} onClick={() => void issue()}>
            Émettre
          </Button>
        ) : null}
        {type === 'quotation' && mayWrite('invoice') ? <QuoteActions quote={document} onInvoice={toInvoice} /> : null}
        {type === 'invoice' && CREDITABLE_INVOICE_STATUSES.includes(status) && mayWrite('credit-note') ? (
          <Button onClick={() => setModal('credit')}>Créer un avoir</Button>
        ) : null}
        {type === 'invoice' && (status === 'issued' || status === 'partial') && mayRecordPayments ? (
          <Button type="primary" onClick={() => setModal('payment')}>
            Enregistrer un paiement
          </Button>
        ) : null}
        {type === 'invoice' && mayRecordPayments ? <RefundButton invoice={document} /> : null}
        {type === 'purchase-order' && status === 'issued' && mayWrite(type) ? (
          <Button type="primary" loading={isSaving('receive')} onClick={() => void receive()}>
            Réceptionner
          </Button>
        ) : null}
        {mailable ? (
          <Button icon={<MailOutlined />} onClick={() => void toMail()}>
            Envoyer par e-mail
          </Button>
        ) : null}
        <DocumentDownloads document={document} />
        {isDraft && mayWrite(type) ? (
          <Button danger icon={<DeleteOutlined />} loading={isSaving('delete')} onClick={() => void remove()}>
            Supprimer
          </Button>
        ) : null}
      </Space>
      {modal === 'invoice' ? <InvoiceFromQuoteModal quote={document} onClose={() => setModal(undefined)} /> : null}
      {modal === 'mail' ? <DocumentMailModal document={document} onClose={() => setModal(undefined)} /> : null}
      {modal === 'credit' ? <CreditNoteModal invoice={document} onClose={() => setModal(undefined)} /> : null}
      {modal === 'cession' ? (
        <CessionOverrideModal invoice={document} onIssued={cache.stored} onClose={() => setModal(undefined)} />
      ) : null}
      {modal === 'payment' ? (
        <InvoicePaymentModal
          invoice={document}
          onClose={() => setModal(undefined)}
          onSaved={() => {
            setModal(undefined);
            void cache.changed(document.id, document.folderId);
          }}
        />
      ) : null}
    </>
  );
}
