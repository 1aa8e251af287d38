import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { Database, PubSub } from './db';
import { accountingModule } from './modules/accounting';
import { archivesModule } from './modules/archives';
import { authModule } from './modules/auth';
import { billingModule } from './modules/billing';
import { calendarModule } from './modules/calendar';
import { companyModule } from './modules/company';
import { customersModule } from './modules/customers';
import { dashboardModule } from './modules/dashboard';
import { demoSinkModule } from './modules/demo-sink';
import type { DemoSink } from './modules/demo-sink/sink';
import { docsModule } from './modules/docs';
import { einvoicingModule } from './modules/einvoicing';
import { ereportingModule } from './modules/ereporting';
import { fitterModule } from './modules/fitter';
import { foldersModule } from './modules/folders';
import { franchiseModule } from './modules/franchise';
import { garageAdminModule } from './modules/garage-admin';
import { importsModule } from './modules/imports';
import { insurersModule } from './modules/insurers';
import { ledgerModule } from './modules/ledger';
import { type LedgerAnchors, ledgerAnchors } from './modules/ledger/anchors';
import { mailModule } from './modules/mail';
import { messageTemplatesModule } from './modules/message-templates';
import { notificationsModule } from './modules/notifications';
import { productsModule } from './modules/products';
import { recoveryModule } from './modules/recovery';
import { sendingModule } from './modules/sending';
import { createSenders, type Senders } from './modules/sending/senders';
import { sidexaModule } from './modules/sidexa';
import { smsModule } from './modules/sms';
import { systemModule } from './modules/system';
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
import type { TestPlatform } from './test-platform/server';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** LISTEN/NOTIFY across API instances (server-sent events fan-out). */
    pubsub: PubSub;
    config: AppConfig;
    /** The archive-signing key and the published chain heads, kept out of the database. */
    ledgerAnchors: LedgerAnchors;
    /** Each garage's way out for mails and SMS (its setting, its network's, else the environment's). */
    senders: Senders;
    /** The demonstration's sink (`DEMO_SEED=1` starts only), else null. */
    demoSink: DemoSink | null;
    /** The demonstration's test e-invoicing platform (`DEMO_SEED=1` starts, and the tests that start one), else null. */
    testPlatform: TestPlatform | null;
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
  /** The demonstration's mail and SMS sink, started by a demo start (run-server.ts) before the app. */
  demoSink?: DemoSink;
  /** The test approved platform a demo start runs beside the app (modules/test-platform). */
  testPlatform?: TestPlatform;
}

/**
 * The feature modules, one plugin each: a folder of `src/modules/` whose `index.ts` registers its routes under the URL
 * prefixes it owns (docs/architecture.md « Where a thing goes in the API »). Add yours here.
 */
export const MODULES = [
  systemModule,
  authModule,
  companyModule,
  foldersModule,
  calendarModule,
  fitterModule,
  docsModule,
  dashboardModule,
  productsModule,
  insurersModule,
  billingModule,
  ledgerModule,
  archivesModule,
  accountingModule,
  sidexaModule,
  recoveryModule,
  franchiseModule,
  notificationsModule,
  messageTemplatesModule,
  customersModule,
  importsModule,
  sendingModule,
  einvoicingModule,
  ereportingModule,
  mailModule,
  smsModule,
  demoSinkModule,
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
  app.decorate('senders', createSenders(options.db, options.config, app.log));
  app.decorate('demoSink', options.demoSink ?? null);
  app.decorate('testPlatform', options.testPlatform ?? null);
  // Root hooks run after the modules' own: the dispatch loops have stopped when their transports close.
  app.addHook('onClose', async () => app.senders.close());

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
