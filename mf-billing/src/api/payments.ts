import {
  createdDocumentSchema,
  DOCUMENT_COLUMNS,
  documentListResponseSchema,
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

/** Invoices a payment can go to (issued, not fully paid) matching what the cashier typed. */
export async function searchPayableInvoices(search: string) {
  const answer = await request('api/quotation/list/invoice', documentListResponseSchema, {
    searchParams: {
      page: 1,
      pageSize: 20,
      search,
      columnsMap: JSON.stringify(DOCUMENT_COLUMNS),
    },
  });
  return answer.data.filter((row) => row.status === 'issued' || row.status === 'partial');
}

/** POST /api/paiement/{id}/cancel: a negative record cancels the payment (never edited nor deleted). */
export const cancelPayment = (id: number, reason: string) =>
  request(`api/paiement/${id}/cancel`, createdDocumentSchema, { method: 'post', json: { reason } });
