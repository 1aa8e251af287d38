import { createRemoteRoutes, pageElements } from 'shared-ui';
import { CheckoutPage } from './features/checkout/components/CheckoutPage';
import { ConsumptionPage } from './features/consumption/components/ConsumptionPage';
import { DocumentFormPage } from './features/documents/components/DocumentFormPage';
import { DocumentListPage } from './features/documents/components/DocumentListPage';
import { ExpenseListPage } from './features/expenses/components/ExpenseListPage';
import { PaymentListPage } from './features/payments/components/PaymentListPage';

/**
 * Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx).
 * The four document lists are one page told its type, like the folder lists are told their owner.
 */
export const PAGE_ELEMENTS = pageElements('mf_billing', {
  '/quotation/list/quotation': <DocumentListPage type="quotation" />,
  '/quotation/list/invoice': <DocumentListPage type="invoice" />,
  '/quotation/list/credit-note': <DocumentListPage type="credit-note" />,
  '/quotation/list/purchase-order': <DocumentListPage type="purchase-order" />,
  '/quotation/new/:type': <DocumentFormPage />,
  '/quotation/show/:id': <DocumentFormPage />,
  '/expense/list': <ExpenseListPage />,
  '/paiement/list/paiement': <PaymentListPage />,
  '/checkout': <CheckoutPage />,
  '/company/consumption': <ConsumptionPage />,
});

/** `mf_billing/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
