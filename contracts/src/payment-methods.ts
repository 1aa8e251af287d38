/** How a garage is paid: shared by payments, refunds and an invoice settled at issue. */
export const PAYMENT_METHODS = ['card', 'cheque', 'transfer', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Carte',
  cheque: 'Chèque',
  transfer: 'Virement',
  cash: 'Espèces',
};
/** As a receipted invoice says it: « Acquittée le … par carte bancaire ». */
export const PAYMENT_METHOD_PHRASES: Record<PaymentMethod, string> = {
  card: 'carte bancaire',
  cheque: 'chèque',
  transfer: 'virement',
  cash: 'espèces',
};
