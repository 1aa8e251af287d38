import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { createDatabase } from './db';
import { StartRefusal, seedDemoIfAsked } from './db/seed-guard';
import { archiveEndedYears } from './modules/archives/archive';
import { pointDemoAtSink } from './modules/demo-sink/demo-settings';
import { startDemoSink } from './modules/demo-sink/sink';
import { chainBackfill } from './modules/ledger/backfill';
import { startClosingLoop } from './modules/ledger/closings';
import { logStartup } from './modules/ledger/startup';
import { deliverDemoInvoices, pointDemoAtPlatform } from './test-platform/demo-platform';
import { startTestPlatform } from './test-platform/server';

/**
 * A demo start's companions, beside the app: the post office its garages' mails and SMS land in (never a real
 * address, modules/demo-sink) and its approved e-invoicing platform (supplier invoices arrive from it, statuses go
 * back to it, src/test-platform). A real start has neither.
 */
async function startDemoServices(config: AppConfig) {
  if (!config.demoSeed) return {};
  return { demoSink: await startDemoSink(), testPlatform: await startTestPlatform() };
}

/** The demo's garages set to use them (a channel the start gives a server of its own, SMTP_URL or SMS_API_KEY, keeps it). */
async function pointDemoAtServices(app: FastifyInstance, config: AppConfig) {
  const { demoSink, testPlatform } = app;
  if (demoSink) {
    app.addHook('onClose', () => demoSink.close());
    await pointDemoAtSink(app.db, app.senders.key, demoSink, { mail: !config.smtpUrl, sms: !config.sms });
  }
  if (testPlatform) {
    await pointDemoAtPlatform(app.db, app.senders.key, testPlatform);
    app.addHook('onClose', () => testPlatform.close());
  }
}

/**
 * Once listening (the platform calls the garages' webhooks on this start's port), before the start says it is
 * ready: the demo's invoices delivered, sent and answered, every write of it done.
 */
async function deliverDemoFlows(app: FastifyInstance) {
  if (!app.testPlatform) return;
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await deliverDemoInvoices(app, app.testPlatform, origin).catch((error: Error) =>
    app.log.warn({ err: error.message }, 'demo supplier invoices not delivered'),
  );
}

/**
 * Opens the database, builds the app, runs what must happen before serving, then listens until SIGTERM/SIGINT.
 * The product's entry (`server.ts`) calls it alone; the browser tests' entry (`test-support/server.ts`) adds the
 * test-only routes as `extraModules`.
 */
export async function runServer(config: AppConfig, extraModules: FastifyPluginAsync[] = []): Promise<void> {
  const database = await createDatabase(config);
  const demo = await startDemoServices(config);
  const app = await buildApp({ db: database.db, pubsub: database.pubsub, config, extraModules, ...demo });

  try {
    await seedDemoIfAsked(database.db, config, app.log);
    await pointDemoAtServices(app, config);
  } catch (error) {
    // A demo database behind HTTPS: the operator's French message alone, and no start.
    if (!(error instanceof StartRefusal)) throw error;
    console.error(error.message);
    await database.close();
    process.exit(1);
  }
  // Records written before the inalterable chain existed join it once.
  const chained = await chainBackfill(database.db);
  if (chained > 0) app.log.info({ chained }, 'records added to the inalterable chain');
  // The archive-signing key, out of the database: ARCHIVE_SIGNING_KEY or its file, made at the first start
  // (the Intégrité page shows it before any archive exists), moved out of an older database. A database naming a key
  // that neither holds stops the start here: a new key would not be the one of the archives already signed.
  const key = await app.ledgerAnchors.open().catch(async (error: Error) => {
    // An operator's matter (a key file to restore): its French message alone, as for a setting to change.
    console.error(error.message);
    await database.close();
    process.exit(1);
  });
  for (const warning of key.warnings) app.log.warn(warning);
  await logStartup(database.db, chained, key);
  // Closings of what ended while the server was off, before serving (no record slips into an ended day), then after
  // each Paris midnight; after each pass, in the background, the archive of every fiscal year closed. Each
  // closing's and archive's head is published beside the key.
  const anchors = app.ledgerAnchors;
  const closings = startClosingLoop(
    database.db,
    app.log,
    (now) => archiveEndedYears(database.db, anchors, now),
    anchors.publish,
  );
  await closings.ready;

  /*
   * Graceful shutdown (SIGTERM from an orchestrator, Ctrl+C): the listener stops accepting (a keep-alive request that
   * still arrives gets a 503), the event streams end (preClose: browsers reconnect, to another instance if there is
   * one), requests in flight finish with their transactions, the mail loop stops (onClose), then the closing loop, and
   * the database closes last. Past SHUTDOWN_TIMEOUT_SECONDS the process exits anyway, with 1.
   */
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    const timeoutMs = (config.shutdownTimeoutSeconds ?? 25) * 1000;
    app.log.info({ signal, timeoutMs }, 'closing');
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'requests still running at the shutdown timeout: exiting');
      process.exit(1);
    }, timeoutMs).unref();
    try {
      await app.close();
      // A closing or archive pass under way finishes (its transaction commits) before the database closes.
      await closings.stop();
      await database.close();
      app.log.info('closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host ?? '0.0.0.0' });
  await deliverDemoFlows(app);
  // From process start (module loading, migrations, seed check) to accepting connections.
  const startupMs = Math.round(performance.now());
  app.log.info({ startupMs }, `API prête en ${startupMs} ms`);
}
