import {
  BILLING_DOCUMENT_ISSUED,
  type BillingDocument,
  CESSION_REQUIRED_REFUSAL,
  type DocumentBody,
  type DocumentType,
  INVOICE_ISSUED_PAID,
  type PaymentMethod,
} from 'contracts';
import { ApiError, useFeedback, type useSaveAction } from 'shared-ui';
import { issueDocument } from '../api/documents';
import { SettleAtIssueChoice } from '../components/SettleAtIssueChoice';
import { useDocumentCache } from './use-document-cache';

/** Why issuing is final, in the words of each type (an issued invoice is corrected by a credit note). */
const ISSUE_WARNINGS: Record<DocumentType, string> = {
  quotation: 'Une fois émis, le devis ne pourra plus être modifié.',
  invoice: 'Une fois émise, la facture ne pourra plus être modifiée',
  'credit-note': 'Une fois émis, l’avoir ne pourra plus être modifié.',
  'purchase-order': 'Une fois émis, le bon de commande ne pourra plus être modifié.',
};

interface IssueInputs {
  document: BillingDocument;
  /** What is typed in the draft: its body, null when nothing changed, false when a field is invalid. */
  typedDraft: () => Promise<DocumentBody | null | false>;
  /** May the user take payments here: an invoice may then be paid as it is issued (« acquittée »). */
  mayRecordPayments: boolean;
  run: ReturnType<typeof useSaveAction>['run'];
  /** No signed cession for an insurer invoice: the page asks why before issuing anyway. */
  onCessionRequired: () => void;
  /** A refusal for missing mentions names the buyer's fields: the form marks them. */
  onFieldsRefused: (fields: string[]) => void;
}

/**
 * « Émettre »: asks first (and, for an invoice at the desk, whether and how it is paid now), then issues with what is
 * typed in one call and shows the document the server answers. A refused issue keeps the saved draft, and the fields
 * it names are marked on the form. `asked`: the person already chose to issue (« Émettre et envoyer »). Resolves
 * whether the document was issued.
 */
export function useIssueDocument({
  document,
  typedDraft,
  mayRecordPayments,
  run,
  onCessionRequired,
  onFieldsRefused,
}: IssueInputs) {
  const feedback = useFeedback();
  const cache = useDocumentCache();
  return async ({ asked = false } = {}): Promise<boolean> => {
    let settle: PaymentMethod | undefined;
    const warning = ISSUE_WARNINGS[document.type];
    const confirmed =
      asked ||
      (await feedback.confirm({
        title: 'Émettre ce document ?',
        content:
          // An insurer pays later, by transfer: only the customer's invoices are offered « réglée maintenant ».
          document.type === 'invoice' && document.billTo !== 'insurer' && mayRecordPayments ? (
            <>
              {warning}
              <SettleAtIssueChoice onChange={(method) => (settle = method)} />
            </>
          ) : (
            warning
          ),
        okText: 'Émettre',
      }));
    if (!confirmed) return false;
    const draft = await typedDraft();
    if (draft === false) return false;
    const body = { ...(draft ? { draft } : {}), ...(settle ? { settle: { method: settle } } : {}) };
    return run(async () => cache.stored(await issueDocument(document.id, draft || settle ? body : undefined)), {
      key: 'issue',
      done: settle ? INVOICE_ISSUED_PAID : BILLING_DOCUMENT_ISSUED,
      onRefused: (failure) => {
        // The refused issue saved what was typed: the form shows the stored draft.
        if (draft) void cache.changed(document.id, document.folderId);
        // No signed cession for an insurer invoice: ask why before issuing anyway (the modal says it, no message).
        const needsCession = failure instanceof ApiError && failure.refusal === CESSION_REQUIRED_REFUSAL;
        if (needsCession) onCessionRequired();
        if (failure instanceof ApiError && failure.fields.length > 0) onFieldsRefused(failure.fields);
        return needsCession;
      },
    });
  };
}
