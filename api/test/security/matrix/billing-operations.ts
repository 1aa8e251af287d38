import { SIDEXA_TOKEN_HEADER } from 'contracts';
import type { MatrixEntry } from './entry';
import { PDF, today } from './owner-records';
import { documentBody, EXPORT_FORMATS, paging, period } from './probe-values';

/** Billing documents, payments, units bought, expenses, recoveries and the vehicle search. */
export const BILLING_OPERATIONS: Record<string, MatrixEntry> = {
  // ------------------------------------------------------------------ billing documents
  'GET /api/quotation/list/{type}': {
    permission: 'billingDocuments',
    scope: 'list',
    probe: () =>
      ['quotation', 'invoice', 'credit-note', 'purchase-order'].map((type) => ({ params: { type }, query: paging })),
    lower: { accountant: [403, 200, 200, 403], cmd: [200, 403, 403, 200] },
    why: 'the accountant reads invoices and credit notes only, the CMD quotes and purchase orders only (`invoices`)',
  },
  'GET /api/quotation/list/{type}/export': {
    permission: 'billingDocuments',
    scope: 'list',
    // Invoices and credit notes only: the CMD, who holds no `invoices`, is refused.
    lower: { cmd: 403 },
    probe: () =>
      ['invoice', 'credit-note'].flatMap((type) =>
        EXPORT_FORMATS.map((format) => ({ params: { type }, query: { ...period(), format } })),
      ),
  },
  'POST /api/quotation/new/{type}': {
    permission: 'billingDocuments',
    scope: 'carried',
    probe: (r) => [
      { params: { type: 'quotation' }, payload: documentBody(r) },
      {
        params: { type: 'purchase-order' },
        payload: { ...documentBody(r), folderId: null, supplierId: r.supplierId, billTo: 'supplier', customer: null },
      },
    ],
  },
  'GET /api/quotation/{id}': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => [r.quoteId, r.invoiceId, r.creditNoteId, r.purchaseOrderId].map((id) => ({ params: { id } })),
    lower: { accountant: [403, 200, 200, 403], cmd: [200, 403, 403, 200] },
  },
  'PUT /api/quotation/{id}': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.draftInvoiceId }, payload: documentBody(r) }),
  },
  'DELETE /api/quotation/{id}': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.disposableDraftId } }),
  },
  'POST /api/quotation/{id}/issue': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.draftInvoiceId } }),
  },
  'POST /api/quotation/{id}/receive': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.purchaseOrderId } }),
  },
  'POST /api/quotation/{id}/invoice': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.quoteId }, payload: { deductible: null } }),
  },
  'POST /api/paiement/counter': {
    permission: 'counterSale',
    scope: 'own',
    probe: () => ({
      payload: {
        folder: {
          lastName: 'Comptoir',
          address: '1 rue du Test',
          postalCode: '69001',
          city: 'Lyon',
          plate: 'QC-123-QC',
        },
        lines: [{ title: 'Balais', quantity: 1, preTaxAmount: '12,00', position: 1, taxRate: 20 }],
        method: 'card',
      },
    }),
  },
  'GET /api/paiement/counter/vehicle': {
    permission: 'counterSale',
    scope: 'list',
    probe: (r) => ({ query: { plate: r.plate } }),
  },
  'POST /api/quotation/{id}/deposit': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.issuedQuoteId }, payload: { amount: '10,00' } }),
    // The CMD reads quotes but writes no invoice: the deposit invoice is refused to them.
    lower: { cmd: 403 },
  },
  'POST /api/quotation/{id}/deductible': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.unsplitInsurerDraftId } }),
  },
  'POST /api/quotation/{id}/credit-note': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.invoiceId }, payload: { reason: 'Avoir' } }),
  },
  'GET /api/quotation/{id}/pdf': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => [r.quoteId, r.invoiceId].map((id) => ({ params: { id } })),
    lower: { accountant: [403, 200], cmd: [200, 403] },
  },
  'GET /api/quotation/{id}/einvoice': {
    permission: 'billingDocuments',
    scope: 'record',
    lower: { cmd: 403 },
    probe: (r) => ({ params: { id: r.invoiceId } }),
  },
  'GET /api/quotation/{id}/statement/pdf': {
    permission: 'billingDocuments',
    scope: 'record',
    lower: { cmd: 403 },
    probe: (r) => ({ params: { id: r.invoiceId } }),
  },
  'GET /api/quotation/{id}/mail/draft': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => [r.quoteId, r.invoiceId, r.creditNoteId].map((id) => ({ params: { id } })),
    lower: { accountant: [403, 200, 200], cmd: [200, 403, 403] },
    why: 'the accountant reads and sends invoices and credit notes, not quotes; the CMD the other way round',
  },
  'POST /api/quotation/{id}/mail': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) =>
      [r.quoteId, r.invoiceId].map((id) => ({
        params: { id },
        payload: { to: 'client@exemple.fr', copyToGarage: true, subject: 'Votre document', body: 'Bonjour' },
      })),
    lower: { accountant: [403, 201] },
  },
  'GET /api/quotation/{id}/mails': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => [r.quoteId, r.invoiceId].map((id) => ({ params: { id } })),
    lower: { accountant: [403, 200], cmd: [200, 403] },
  },

  // ------------------------------------------------------------------ money: payments, units, checkout, expenses
  'GET /api/paiement/list': { permission: 'payments', scope: 'list', probe: () => ({ query: paging }) },
  'GET /api/paiement/list/export': {
    permission: 'payments',
    scope: 'list',
    probe: () => EXPORT_FORMATS.map((format) => ({ query: { ...period(), format } })),
  },
  'GET /api/paiement/opening-balances': { permission: 'payments', scope: 'list', probe: () => ({ query: {} }) },
  'POST /api/paiement': {
    permission: 'payments',
    scope: 'carried',
    probe: (r) => ({ payload: { invoiceId: r.invoiceId, amount: '1,00', type: 'transfer' } }),
  },
  'POST /api/paiement/refund': {
    permission: 'payments',
    scope: 'carried',
    probe: (r) => ({ payload: { invoiceId: r.invoiceId, amount: '1,00', type: 'transfer' } }),
    // The owner's invoice is partly paid: the garage owes nothing, so its refund reaches that rule (409).
    owner: { status: 409 },
  },
  'GET /api/paiement/cash-up': {
    permission: 'payments',
    scope: 'list',
    probe: () => ({}),
    // Totals by means of payment of the caller's own garage: no mark to carry.
    owner: { sees: false },
  },
  'POST /api/paiement/cash-up': {
    permission: 'payments',
    scope: 'own',
    // A day with nothing recorded anywhere: every garage closes it at 0 (the owner's today is closed already).
    probe: () => ({ payload: { day: '2024-01-02', floatAmount: '0', countedCash: '0' } }),
  },
  'GET /api/paiement/cash-up/{id}/pdf': {
    permission: 'payments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.cashUpId } }),
  },
  'GET /api/paiement/receivables/insurers': {
    permission: 'payments',
    scope: 'list',
    probe: () => ({}),
  },
  'GET /api/paiement/receivables/insurers/invoices': {
    permission: 'payments',
    scope: 'list',
    probe: (r) => ({ query: { insurer: r.insurerName, siren: r.insurerSiren } }),
  },
  'POST /api/paiement/receivables/transfer': {
    permission: 'payments',
    scope: 'carried',
    probe: (r) => ({ payload: { invoiceIds: [r.insurerInvoiceId], amount: '1,00', reference: 'Virement' } }),
  },
  'POST /api/paiement/receivables/apply': {
    permission: 'payments',
    scope: 'carried',
    probe: (r) => ({ payload: { invoiceIds: [r.insurerInvoiceId] } }),
    // The owner's insurer left nothing on account: past the scope, the rule refuses (its own test applies money).
    owner: { status: 409 },
  },
  'POST /api/paiement/receivables/remind': {
    permission: 'payments',
    scope: 'carried',
    probe: (r) => ({ payload: { invoiceIds: [r.insurerInvoiceId] } }),
  },
  'POST /api/paiement/{id}/cancel': {
    permission: 'payments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.paymentId }, payload: { reason: 'Erreur de saisie' } }),
  },
  'GET /api/checkout/packs': { permission: 'buyUnits', scope: 'list', probe: () => ({}), owner: { sees: false } },
  'GET /api/checkout/orders': { permission: 'buyUnits', scope: 'list', probe: () => ({}), owner: { sees: false } },
  'POST /api/checkout/orders': {
    permission: 'buyUnits',
    scope: 'own',
    probe: () => ({ payload: { packId: 'pack-10' } }),
  },
  'POST /api/checkout/orders/{id}/pay': {
    permission: 'buyUnits',
    scope: 'record',
    probe: (r) => ({
      params: { id: r.orderId },
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    }),
    owner: { status: 409 },
    why: 'the owner’s order is paid already (the fixture paid it)',
  },
  'GET /api/checkout/orders/{id}/invoice': {
    permission: 'buyUnits',
    scope: 'record',
    probe: (r) => ({ params: { id: r.orderId } }),
  },
  'GET /api/expense/list': { permission: 'expenses', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/expense': {
    permission: 'expenses',
    scope: 'own',
    probe: () => ({
      multipart: {
        label: 'Dépense à soi',
        category: 'Vitrage',
        date: today(),
        preTaxAmount: '10,00',
        taxAmount: '2,00',
        supplierName: 'Vitrage',
      },
    }),
  },
  'GET /api/expense/{id}/receipt': {
    permission: 'expenses',
    scope: 'record',
    probe: (r) => ({ params: { id: r.expenseId } }),
  },

  // ------------------------------------------------------------------ supplier e-invoices received
  'POST /api/einvoicing/received': {
    permission: 'expenses',
    scope: 'own',
    probe: () => ({ multipart: { file: new Blob([PDF]) } }),
    why: 'a file into the caller’s own selected garage (kept « à traiter »), naming nothing of the owner’s',
  },
  'GET /api/einvoicing/received': { permission: 'expenses', scope: 'list', probe: () => ({}) },
  'GET /api/einvoicing/received/{id}/file': {
    permission: 'expenses',
    scope: 'record',
    probe: (r) => ({ params: { id: r.receivedFlowId } }),
  },
  'GET /api/einvoicing/expense/{id}': {
    permission: 'expenses',
    scope: 'record',
    probe: (r) => ({ params: { id: r.receivedExpenseId } }),
  },
  'POST /api/einvoicing/expense/{id}/status': {
    permission: 'expenses',
    scope: 'record',
    probe: (r) => ({ params: { id: r.receivedExpenseId }, payload: { status: 'taken' } }),
  },
  'GET /api/einvoicing/document/{id}': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { id: r.invoiceId } }),
  },
  'POST /api/company/{companyId}/einvoicing/sync': {
    permission: 'expenses',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
    owner: { status: 503 },
    why: 'the owner’s platform is the unreachable one a probe saved: 503 with the platform’s failure in French',
  },

  // ------------------------------------------------------------------ recoveries
  'GET /api/recovery/list/all': { permission: 'recoveries', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/recovery/open/{documentId}': {
    permission: 'recoveries',
    scope: 'record',
    probe: (r) => ({ params: { documentId: r.overdueSpareId } }),
  },
  'POST /api/recovery/{id}/stage': {
    permission: 'recoveries',
    scope: 'record',
    probe: (r) => ({ params: { id: r.recoveryId }, payload: { stage: 'mise_en_demeure' } }),
  },
  'POST /api/recovery/{id}/comment': {
    permission: 'recoveries',
    scope: 'record',
    probe: (r) => ({ params: { id: r.recoveryId }, payload: { content: 'Relance' } }),
  },
  'GET /api/recovery/{id}/events': {
    permission: 'recoveries',
    scope: 'record',
    probe: (r) => ({ params: { id: r.recoveryId } }),
  },

  // ------------------------------------------------------------------ vehicle search (Sidexa)
  'GET /api/folder/{id}/sidexa-status': {
    permission: 'sidexa',
    scope: 'record',
    probe: (r) => ({ params: { id: r.sidexaFolderId } }),
  },
  'POST /api/token/generate-scoped': {
    permission: 'sidexa',
    scope: 'carried',
    probe: (r) => ({
      payload: { payload: { scope: 'quotation', tokenId: r.sidexaTokenId, registration: r.sidexaRegistration } },
    }),
  },
  'POST /api/folder/{id}/jetons/create': {
    permission: 'sidexa',
    scope: 'record',
    probe: (r) => ({ params: { id: r.sidexaFolderId }, payload: { companyId: r.companyId, scope: 'quotation' } }),
  },
  'GET /api/folder/{id}/sidexa-quotation': {
    permission: 'sidexa',
    scope: 'record',
    probe: (r) => ({ params: { id: r.sidexaFolderId }, headers: { [SIDEXA_TOKEN_HEADER]: r.sidexaToken } }),
  },
  'POST /api/folder/{id}/sidexa-quotation/enrich': {
    permission: 'sidexa',
    scope: 'record',
    probe: (r) => ({
      params: { id: r.sidexaFolderId },
      headers: { [SIDEXA_TOKEN_HEADER]: r.sidexaToken },
      payload: { selectedParts: [{ codpiece: 'PB', ref: 'x' }] },
    }),
    owner: { status: 400 },
    why: 'the owner’s made-up part is refused as unknown: others are refused before (403/404)',
  },
  'POST /api/company/{companyId}/fees': {
    permission: 'sidexa',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, payload: { hourlyRate: 55 } }),
  },
  'GET /api/sidexa/table': { permission: 'sidexa', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/sidexa/table': { permission: 'sidexa', scope: 'list', probe: () => ({ payload: paging }) },
  'GET /api/sidexa/{lookupId}/report': {
    permission: 'sidexa',
    scope: 'record',
    probe: (r) => ({ params: { lookupId: r.lookupId } }),
  },
};
