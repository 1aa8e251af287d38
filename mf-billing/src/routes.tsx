import type { DocumentType } from 'contracts';
import type { ReactElement } from 'react';
import { createRemoteRoutes, lazyNamed, suspended } from 'shared-ui';

// Every page loads its code when opened, the lists too: a list's chunk brings its server table and antd's Table
// in one wave, and the other pages (the quotation form first) do not carry the table.
const DocumentListPage = lazyNamed<{ type: DocumentType }, 'DocumentListPage'>(
  () => import('./features/documents/components/DocumentListPage'),
  'DocumentListPage',
);
const PaymentListPage = lazyNamed(() => import('./features/payments/components/PaymentListPage'), 'PaymentListPage');
const DocumentFormPage = lazyNamed(
  () => import('./features/documents/components/DocumentFormPage'),
  'DocumentFormPage',
);
const ExpenseListPage = lazyNamed(() => import('./features/expenses/components/ExpenseListPage'), 'ExpenseListPage');
const CashUpPage = lazyNamed(() => import('./features/payments/components/CashUpPage'), 'CashUpPage');
const InsurerReceivablesPage = lazyNamed(
  () => import('./features/payments/components/InsurerReceivablesPage'),
  'InsurerReceivablesPage',
);
const CounterSalePage = lazyNamed(() => import('./features/documents/components/CounterSalePage'), 'CounterSalePage');
const CheckoutPage = lazyNamed(() => import('./features/checkout/components/CheckoutPage'), 'CheckoutPage');
const ConsumptionPage = lazyNamed(() => import('./features/consumption/components/ConsumptionPage'), 'ConsumptionPage');
const IntegrityPage = lazyNamed(() => import('./features/integrity/components/IntegrityPage'), 'IntegrityPage');
const ClosingListPage = lazyNamed(() => import('./features/closings/components/ClosingListPage'), 'ClosingListPage');
const AccountingPage = lazyNamed(() => import('./features/accounting/components/AccountingPage'), 'AccountingPage');
const EreportingPage = lazyNamed(() => import('./features/ereporting/components/EreportingPage'), 'EreportingPage');

/**
 * Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx).
 * The four document lists are one page told its type, like the folder lists are told their owner.
 */
export const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/quotation/list/quotation': suspended(<DocumentListPage type="quotation" />),
  '/quotation/list/invoice': suspended(<DocumentListPage type="invoice" />),
  '/quotation/list/credit-note': suspended(<DocumentListPage type="credit-note" />),
  '/quotation/list/purchase-order': suspended(<DocumentListPage type="purchase-order" />),
  '/quotation/new/:type': suspended(<DocumentFormPage />),
  '/quotation/show/:id': suspended(<DocumentFormPage />),
  '/expense/list': suspended(<ExpenseListPage />),
  '/paiement/list/paiement': suspended(<PaymentListPage />),
  '/paiement/counter': suspended(<CounterSalePage />),
  '/paiement/cash-up': suspended(<CashUpPage />),
  '/paiement/insurers': suspended(<InsurerReceivablesPage />),
  '/checkout': suspended(<CheckoutPage />),
  '/company/consumption': suspended(<ConsumptionPage />),
  '/integrity': suspended(<IntegrityPage />),
  '/closings': suspended(<ClosingListPage />),
  '/accounting': suspended(<AccountingPage />),
  '/accounting/ereporting': suspended(<EreportingPage />),
};

/** `mf_billing/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
