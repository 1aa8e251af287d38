import {
  createdDocumentSchema,
  createdDocumentsSchema,
  type DepositBody,
  type DocumentBody,
  type DocumentMailRequest,
  type DocumentType,
  documentMailDraftSchema,
  documentMailsResponseSchema,
  documentRowSchema,
  documentSchema,
  type EInvoiceSyntax,
  folderDetailSchema,
  folderDocumentSchema,
  folderDocumentsResponseSchema,
  type InvoiceFromQuoteBody,
  type IssueBody,
  invoiceStatementPath,
  pagedResponseSchema,
  productBriefSchema,
  productSearchResultSchema,
  SUPPLIER_COLUMNS,
  supplierSchema,
} from 'contracts';
import { pagedFetcher, request, send } from 'shared-ui';

/*
 * The commercial documents' calls, through the shared client and parsed with the contracts. A save, an issue and a
 * reception answer the document as the server stored and recomputed it: the page shows that answer, no second read.
 */

/** GET /api/quotation/list/{type} (shared paging; statusCounts by status key). */
export const documentFetcher = (type: DocumentType) => pagedFetcher(`api/quotation/list/${type}`, documentRowSchema);

/** GET /api/quotation/{id}: the document with its lines, totals and linked documents. */
export const getDocument = (id: number) => request(`api/quotation/${id}`, documentSchema);

/** POST /api/quotation/new/{type} -> the new draft's id. */
export const createDocument = (type: DocumentType, body: DocumentBody) =>
  request(`api/quotation/new/${type}`, createdDocumentSchema, { method: 'post', json: body });

/** PUT /api/quotation/{id} (drafts only; the server refuses an issued document) -> the saved document. */
export const updateDocument = (id: number, body: DocumentBody) =>
  request(`api/quotation/${id}`, documentSchema, { method: 'put', json: body });

/** DELETE /api/quotation/{id} (drafts only). */
export const deleteDocument = (id: number) => send(`api/quotation/${id}`, { method: 'delete' });

/**
 * POST /api/quotation/{id}/issue -> the issued document: saves `draft` (what is typed) first, gives the number; the
 * document is read-only from then on. An insurer invoice whose folder has no signed cession needs `cessionOverride`,
 * the reason.
 */
export const issueDocument = (id: number, body?: IssueBody) =>
  request(`api/quotation/${id}/issue`, documentSchema, { method: 'post', ...(body ? { json: body } : {}) });

/** POST /api/quotation/{id}/invoice: one invoice, or two when a deductible splits it (customer and insurer). */
export const invoiceFromQuote = (id: number, body: InvoiceFromQuoteBody) =>
  request(`api/quotation/${id}/invoice`, createdDocumentsSchema, { method: 'post', json: body });

/** POST /api/quotation/{id}/deposit: a deposit invoice draft on an issued quote -> its id. */
export const createDeposit = (id: number, body: DepositBody) =>
  request(`api/quotation/${id}/deposit`, createdDocumentSchema, { method: 'post', json: body });

/** POST /api/quotation/{id}/deductible: an insurer invoice draft split by its folder's deductible -> the insured's draft. */
export const billDeductible = (id: number) =>
  request(`api/quotation/${id}/deductible`, createdDocumentSchema, { method: 'post' });

/** POST /api/quotation/{id}/credit-note: a draft credit note that mirrors the issued invoice. */
export const createCreditNote = (id: number, reason: string) =>
  request(`api/quotation/${id}/credit-note`, createdDocumentSchema, { method: 'post', json: { reason } });

/** POST /api/quotation/{id}/receive -> the document: an issued purchase order's goods arrived (stock lines go into stock). */
export const receivePurchaseOrder = (id: number) =>
  request(`api/quotation/${id}/receive`, documentSchema, { method: 'post' });

/** The PDF, downloaded by the browser itself (cookie sent): a plain link, no client call. */
export const documentPdfUrl = (id: number) => `/api/quotation/${id}/pdf`;

/** An issued invoice's or credit note's e-invoice (XML, CII or UBL), downloaded the same way. */
export const einvoiceUrl = (id: number, syntax: EInvoiceSyntax) => `/api/quotation/${id}/einvoice?syntax=${syntax}`;

/** An issued invoice's payment statement ("Relevé de règlements", a PDF drawn now), downloaded the same way. */
export const invoiceStatementUrl = (id: number) => invoiceStatementPath(id);

/** GET /api/folder/{folderId}/billing-documents: the folder's documents of every type the user may read. */
export const getFolderDocuments = async (folderId: number) =>
  (await request(`api/folder/${folderId}/billing-documents`, folderDocumentsResponseSchema)).data;

/** GET /api/folder/{id}: the folder (its insurer says whether a deductible is asked for). */
export const getFolder = (folderId: number) => request(`api/folder/${folderId}`, folderDetailSchema);

/** GET /product/search/{term}: the line autocomplete's choices. */
export const searchProducts = (term: string) =>
  request(`product/search/${encodeURIComponent(term)}`, productSearchResultSchema);

/** GET /product/{id}: what a line takes from the product (the server answers "id is not a number" otherwise). */
export const getProductBrief = (id: number) => request(`product/${id}`, productBriefSchema);

/** The garage's suppliers for the purchase order's select (the first 100 by name, as on the product page). */
export async function getSupplierOptions() {
  const page = await request('api/supplier/list', pagedResponseSchema(supplierSchema), {
    searchParams: { page: 1, pageSize: 100, columnsMap: JSON.stringify(SUPPLIER_COLUMNS) },
  });
  return page.data.map((supplier) => ({ value: supplier.id, label: supplier.name }));
}

/** "Ajouter ma propre facture": an invoice made elsewhere joins the folder's documents (number, amount, file). */
export const uploadOwnInvoice = (folderId: number, body: FormData) =>
  request(`api/folder/${folderId}/documents`, folderDocumentSchema, { method: 'post', body });

/** GET /api/quotation/{id}/mail/draft: the sending form's start (recipient, subject and body from the template). */
export const getDocumentMailDraft = (id: number) => request(`api/quotation/${id}/mail/draft`, documentMailDraftSchema);

/** POST /api/quotation/{id}/mail: queued in the outbox, the PDF attached. */
export const sendDocumentMail = (id: number, body: DocumentMailRequest) =>
  request(`api/quotation/${id}/mail`, createdDocumentSchema, { method: 'post', json: body });

/** GET /api/quotation/{id}/mails: the document's sendings and their outcome, newest first. */
export const getDocumentMails = async (id: number) =>
  (await request(`api/quotation/${id}/mails`, documentMailsResponseSchema)).data;
