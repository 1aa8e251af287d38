import type { FastifyPluginAsync } from 'fastify';
import { counterRoutes } from './counter/counter-routes';
import { deductibleRoutes } from './documents/deductible-routes';
import { depositRoutes } from './documents/deposit-routes';
import { billingDocumentsRoutes } from './documents/documents-routes';
import { eInvoiceRoutes } from './einvoice/einvoice-routes';
import { expensesRoutes } from './expenses/expenses-routes';
import { documentMailsRoutes } from './mails/document-mails-routes';
import { cashUpRoutes } from './payments/cash-up-routes';
import { insurerReceivablesRoutes } from './payments/insurer-receivables-routes';
import { insurerReminderRoutes } from './payments/insurer-reminder-routes';
import { INSURER_REMINDERS_EVERY_MS, startInsurerReminderLoop } from './payments/insurer-reminders';
import { openingBalanceRoutes } from './payments/opening-balance-routes';
import { paymentsRoutes } from './payments/payments-routes';
import { refundRoutes } from './payments/refund-routes';
import { checkoutRoutes } from './units/checkout-routes';
import { consumptionRoutes } from './units/consumption-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = [
  '/api/quotation',
  '/api/paiement',
  '/api/expense',
  '/api/checkout',
  '/api/company/consumption',
  '/api/folder/:id/billing-documents',
];

/** Quotes, invoices and credit notes with their PDFs, e-invoices and mails, payments, expenses, the units purchase and consumption. */
export const billingModule: FastifyPluginAsync = async (app) => {
  await app.register(billingDocumentsRoutes);
  await app.register(deductibleRoutes);
  await app.register(depositRoutes);
  await app.register(eInvoiceRoutes);
  await app.register(documentMailsRoutes);
  await app.register(paymentsRoutes);
  await app.register(openingBalanceRoutes);
  await app.register(refundRoutes);
  await app.register(cashUpRoutes);
  await app.register(counterRoutes);
  await app.register(insurerReceivablesRoutes);
  await app.register(insurerReminderRoutes);
  await app.register(consumptionRoutes);
  await app.register(checkoutRoutes);
  await app.register(expensesRoutes);
  if (app.config.insurerReminders) {
    let loop: ReturnType<typeof startInsurerReminderLoop> | undefined;
    app.addHook('onReady', async () => {
      loop = startInsurerReminderLoop(app.db, INSURER_REMINDERS_EVERY_MS, app.log.child({ module: 'billing' }));
    });
    app.addHook('onClose', async () => loop?.stop());
  }
};
