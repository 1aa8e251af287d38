import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { Database, PubSub } from './db';
import { accountingModule } from './modules/accounting/routes';
import { passwordResetModule } from './modules/auth/password-reset-routes';
import { authModule } from './modules/auth/routes';
import { checkoutModule } from './modules/billing/checkout-routes';
import { documentMailsModule } from './modules/billing/document-mails-routes';
import { billingDocumentsModule } from './modules/billing/documents-routes';
import { expensesModule } from './modules/billing/expenses-routes';
import { moneyModule } from './modules/billing/money-routes';
import { calendarModule } from './modules/calendar/routes';
import { companyLogoModule } from './modules/company/logo-routes';
import { companyModule } from './modules/company/routes';
import { customersModule } from './modules/customers/routes';
import { dashboardModule } from './modules/dashboard/routes';
import { docsModule } from './modules/docs/routes';
import { fitterModule } from './modules/fitter/routes';
import { folderActivityModule } from './modules/folders/activity-routes';
import { cessionModule } from './modules/folders/cession-routes';
import { folderDocumentsModule } from './modules/folders/document-routes';
import { folderPapersModule } from './modules/folders/folder-papers-routes';
import { knownByModule } from './modules/folders/known-by-routes';
import { foldersModule } from './modules/folders/routes';
import { folderStatusSettingsModule } from './modules/folders/status-settings-routes';
import { franchiseNetworkModule } from './modules/franchise/network-routes';
import { franchiseModule } from './modules/franchise/routes';
import { garageAdminModule } from './modules/garage-admin/routes';
import { insurersModule } from './modules/insurers/routes';
import { type LedgerAnchors, ledgerAnchors } from './modules/ledger/anchors';
import { archivesModule } from './modules/ledger/archive-routes';
import { closingsModule } from './modules/ledger/closings-routes';
import { integrityModule } from './modules/ledger/routes';
import { mailModule } from './modules/mail/plugin';
import { messageTemplatesModule } from './modules/message-templates/routes';
import { notificationsModule } from './modules/notifications/routes';
import { productsModule } from './modules/products/routes';
import { stockModule } from './modules/products/stock-routes';
import { suppliersModule } from './modules/products/supplier-routes';
import { recoveryModule } from './modules/recovery/routes';
import { sidexaModule } from './modules/sidexa/routes';
import { smsModule } from './modules/sms/plugin';
import { systemModule } from './modules/system/routes';
import { afterAnswerPlugin } from './plugins/app/after-answer';
import { authPlugin } from './plugins/app/auth';
import { csrfPlugin } from './plugins/app/csrf';
import { errorHandlerPlugin, frameworkErrors } from './plugins/app/error-handler';
import { metricsPlugin } from './plugins/app/metrics';
import { noStorePlugin } from './plugins/app/no-store';
import { remotesPlugin } from './plugins/app/remotes';
import { requestIdOf, requestIdPlugin } from './plugins/app/request-id';
import { staticPlugin } from './plugins/app/static';
import { cookiePlugin } from './plugins/external/cookie';
import { helmetPlugin } from './plugins/external/helmet';
import { loadSheddingPlugin } from './plugins/external/load-shedding';
import { multipartPlugin } from './plugins/external/multipart';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { swaggerPlugin } from './plugins/external/swagger';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** LISTEN/NOTIFY across API instances (server-sent events fan-out). */
    pubsub: PubSub;
    config: AppConfig;
    /** The archive-signing key and the published chain heads, kept out of the database. */
    ledgerAnchors: LedgerAnchors;
  }
}

// Default zod messages (those without a custom one in contracts) reach users: make them French.
z.config(z.locales.fr());

export interface BuildAppOptions {
  db: Database;
  pubsub: PubSub;
  config: AppConfig;
  logger?: boolean;
  /** Where log lines go instead of stdout (a test reading them back); one JSON line per write. */
  logStream?: { write(line: string): void };
  /** Registered after MODULES: the test-only routes of the test servers (`test-support/modules.ts`), nothing else. */
  extraModules?: FastifyPluginAsync[];
}

/**
 * Feature modules: each is a plugin registering its routes (with zod
 * contracts) and using the decorators of plugins/app. Add yours here.
 */
export const MODULES = [
  systemModule,
  authModule,
  // « Mot de passe oublié ? » (public).
  passwordResetModule,
  companyModule,
  companyLogoModule,
  foldersModule,
  folderActivityModule,
  folderDocumentsModule,
  cessionModule,
  folderPapersModule,
  knownByModule,
  calendarModule,
  folderStatusSettingsModule,
  fitterModule,
  docsModule,
  dashboardModule,
  productsModule,
  stockModule,
  suppliersModule,
  insurersModule,
  billingDocumentsModule,
  documentMailsModule,
  integrityModule,
  accountingModule,
  archivesModule,
  closingsModule,
  moneyModule,
  checkoutModule,
  expensesModule,
  sidexaModule,
  recoveryModule,
  franchiseNetworkModule,
  notificationsModule,
  messageTemplatesModule,
  // A customer's and a vehicle's past across the caller's garages.
  customersModule,
  // No routes: the outbox's SMTP sender, only when SMTP_URL is set.
  mailModule,
  // A folder's SMS and the provider's replies; the outbox's SMS sender only when SMS_API_KEY is set.
  smsModule,
  franchiseModule,
  garageAdminModule,
];

/** The app is a set of plugins: external ones, then ours, then the feature modules. Call `ready()` or `listen()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false && !options.logStream
        ? false
        : { level: options.config.logLevel, ...(options.logStream && { stream: options.logStream }) },
    // Two tabs, a proxy and curl all send slightly different paths; keep /a/ and /a equal.
    routerOptions: { ignoreTrailingSlash: true },
    // A broken URL or a too long path parameter is refused by the router itself: in French too.
    frameworkErrors,
    // One id per request, the proxy's when it sent one: in every log line (`reqId`), the answer and its error body.
    genReqId: requestIdOf,
    // `TRUST_PROXY`: whose X-Forwarded-For/-Proto are believed (client address for rate limits, https for HSTS).
    trustProxy: options.config.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', options.db);
  app.decorate('pubsub', options.pubsub);
  app.decorate('config', options.config);
  app.decorate('ledgerAnchors', ledgerAnchors(options.db, options.config.ledgerAnchors, app.log));

  // First: its onRequest hook must run even when a later one (rate limit, CSRF) refuses the request.
  await app.register(requestIdPlugin);
  // Before any plugin that opens a context of its own (Swagger UI): a context keeps the error handler set when it was
  // created, and every refusal is a DomainError that only this handler turns into its status.
  await app.register(errorHandlerPlugin);
  // Before the modules: they add their figures to it (open event streams).
  await app.register(metricsPlugin);
  // Before the modules: a route starts work there once its answer has left; closing waits for it.
  await app.register(afterAnswerPlugin);
  // Before the rest: a shed request costs a header and a small body, nothing else (no cookie, no session read).
  await app.register(loadSheddingPlugin);
  await app.register(cookiePlugin);
  await app.register(remotesPlugin);
  await app.register(helmetPlugin);
  await app.register(rateLimitPlugin);
  await app.register(multipartPlugin);
  await app.register(swaggerPlugin);

  await app.register(noStorePlugin);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  await app.register(staticPlugin);

  for (const module of [...MODULES, ...(options.extraModules ?? [])]) await app.register(module);
  return app;
}
