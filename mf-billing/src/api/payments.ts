import {
  createdDocumentSchema,
  DOCUMENT_COLUMNS,
  type DocumentRow,
  documentListResponseSchema,
  openingBalanceListSchema,
  type PaymentBody,
  paymentRecordedSchema,
  paymentRowSchema,
  type RefundBody,
} from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/** GET /api/paiement/list: payments of the user's companies (shared paging). */
export const paymentFetcher = pagedFetcher('api/paiement/list', paymentRowSchema);

/** POST /api/paiement: answers the invoice's new paid amount and status. */
export const recordPayment = (body: PaymentBody) =>
  request('api/paiement', paymentRecordedSchema, { method: 'post', json: body });

/** POST /api/paiement/refund: money given back on an invoice paid beyond what is due (a negative receipt). */
export const recordRefund = (body: RefundBody) =>
  request('api/paiement/refund', paymentRecordedSchema, { method: 'post', json: body });

/** What the payment form offers: an invoice of the garage, or a balance taken over from its former software. */
export type PayableOption = Pick<
  DocumentRow,
  'id' | 'number' | 'customer' | 'totalAmount' | 'paidAmount' | 'creditedAmount' | 'billTo' | 'issuedAt'
> & { openingBalance: boolean };

/**
 * Invoices a payment can go to (issued, not fully paid) matching what the cashier typed, then the opening balances
 * still owed (unpaid invoices of the former software).
 */
export async function searchPayableInvoices(search: string): Promise<PayableOption[]> {
  const [invoices, balances] = await Promise.all([
    request('api/quotation/list/invoice', documentListResponseSchema, {
      searchParams: { page: 1, pageSize: 20, search, columnsMap: JSON.stringify(DOCUMENT_COLUMNS) },
    }),
    request('api/paiement/opening-balances', openingBalanceListSchema, { searchParams: { search } }),
  ]);
  return [
    ...invoices.data
      .filter((row) => row.status === 'issued' || row.status === 'partial')
      .map((row) => ({ ...row, openingBalance: false })),
    ...balances.data.map((row) => ({ ...row, openingBalance: true })),
  ];
}

/** POST /api/paiement/{id}/cancel: a negative record cancels the payment (never edited nor deleted). */
export const cancelPayment = (id: number, reason: string) =>
  request(`api/paiement/${id}/cancel`, createdDocumentSchema, { method: 'post', json: { reason } });
