import type { DocumentType } from './billing';

/* The statuses of the commercial documents and how the lists, the folder and the document page show them. */

export const DOCUMENT_STATUSES = ['draft', 'issued', 'invoiced', 'partial', 'paid', 'received', 'credited'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The statuses each type goes through, in order, with their French labels (the list's tabs). */
export const DOCUMENT_STATUS_FLOW: Record<DocumentType, Partial<Record<DocumentStatus, string>>> = {
  // An issued quote is numbered and final; whether it left by e-mail is its sendings' status, not this one.
  quotation: { draft: 'Brouillon', issued: 'Émis', invoiced: 'Facturé' },
  invoice: {
    draft: 'Brouillon',
    issued: 'À payer',
    partial: 'Payée en partie',
    paid: 'Payée',
    credited: 'Avoir total',
  },
  'credit-note': { draft: 'Brouillon', issued: 'Émis' },
  'purchase-order': { draft: 'Brouillon', issued: 'Commandé', received: 'Réceptionné' },
};
export const documentStatusLabel = (type: DocumentType, status: DocumentStatus) =>
  DOCUMENT_STATUS_FLOW[type][status] ?? status;

export const QUOTE_EXPIRED_LABEL = 'Expiré';
/** A quote sent and not accepted by the end of its validity (`dueDate`, « Valable jusqu’au ») is expired. */
export const isExpiredQuote = (
  document: { type: DocumentType; status: DocumentStatus; dueDate: string | null },
  today: string,
) =>
  document.type === 'quotation' &&
  document.status === 'issued' &&
  document.dueDate !== null &&
  document.dueDate < today;
/** The status as a list or a page shows it: an expired quote reads « Expiré », not « Émis ». */
export const shownStatusLabel = (
  document: { type: DocumentType; status: DocumentStatus; dueDate: string | null },
  today: string,
) => (isExpiredQuote(document, today) ? QUOTE_EXPIRED_LABEL : documentStatusLabel(document.type, document.status));

const ISSUED_READ_ONLY: Record<DocumentType, string> = {
  quotation: 'Ce devis est émis : il ne peut plus être modifié ni supprimé. Faites-en un nouveau si besoin.',
  invoice: 'Cette facture est émise : elle ne peut plus être modifiée ni supprimée. Corrigez-la par un avoir.',
  'credit-note': 'Cet avoir est émis : il ne peut plus être modifié ni supprimé.',
  'purchase-order': 'Ce bon de commande est émis : il ne peut plus être modifié ni supprimé.',
};
/** Why an issued document is read-only, and what to do instead (a credit note for an invoice only). */
export const documentIssuedReadOnly = (type: string) =>
  ISSUED_READ_ONLY[type as DocumentType] ?? 'Ce document est émis : il ne peut plus être modifié ni supprimé.';
