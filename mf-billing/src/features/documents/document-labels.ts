import { type DocumentStatus, type DocumentType, documentLabel, percentLabel } from 'contracts';

/*
 * The French words around a document type that the contracts do not carry (gender, file names), shared by the
 * list, the form and the folder's block, so "Nouvelle facture" reads the same everywhere.
 */

/** The "new" button of each type (French gender: un devis, une facture, un avoir, un bon de commande). */
export const NEW_DOCUMENT_LABELS: Record<DocumentType, string> = {
  quotation: 'Nouveau devis',
  invoice: 'Nouvelle facture',
  'credit-note': 'Nouvel avoir',
  'purchase-order': 'Nouveau bon de commande',
};

/** Export file names of each list (no accents or spaces: they travel by e-mail and through zip tools). */
export const EXPORT_BASENAMES: Record<DocumentType, string> = {
  quotation: 'devis',
  invoice: 'factures',
  'credit-note': 'avoirs',
  'purchase-order': 'bons-de-commande',
};

/** Tag colours (antd presets): grey draft, blue waiting, green settled, orange part-paid, purple turned into another document (invoiced quote, credited invoice). */
export const STATUS_COLORS: Record<DocumentStatus, string | undefined> = {
  draft: undefined,
  issued: 'blue',
  invoiced: 'purple',
  partial: 'orange',
  paid: 'green',
  received: 'green',
  credited: 'purple',
};

/** "Facture F-2026-00042", "Facture d’acompte (brouillon)" before the number is given at issue. */
export const documentName = (type: DocumentType, number: string | null, deposit = false) =>
  `${documentLabel({ type, deposit })} ${number ?? '(brouillon)'}`;

/** Who the document is addressed to, as a column or field title. */
export const partyLabel = (type: DocumentType) => (type === 'purchase-order' ? 'Fournisseur' : 'Client');

/** Cents as French text for inputs and exports: 1250 -> "12,50". */

/** A VAT rate as French text: 5.5 -> "5,5 %". */
/** "5,5 %": contracts' one way of writing a rate. */
export const rateLabel = percentLabel;
