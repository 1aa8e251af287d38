import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { connectedGarages } from '../einvoicing/incoming-sync';
import { checkAcknowledgements } from './acknowledgements';
import { ereportingActionRoutes, ereportingRoutes } from './ereporting-routes';
import { queueDueReports } from './transmissions';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/company/:companyId/ereporting'];

/** How often the reports due are built and the deposited ones' acknowledgements asked for. */
export const DEFAULT_EREPORTING_MS = 60 * 60_000;

/** One pass: the reports of the periods just over queued (the outbox sends them), the answers to those sent read. */
export async function ereportingPass(
  db: Parameters<typeof queueDueReports>[0],
  key: Buffer,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  await queueDueReports(db);
  // One garage's platform failing (revoked access, down) never holds the others' answers back.
  for (const companyId of await connectedGarages(db))
    await checkAcknowledgements(db, key, companyId).catch((error: Error) =>
      log.warn({ companyId, err: error.message }, 'e-reporting acknowledgements not read, next pass will retry'),
    );
}

/**
 * E-reporting (Flux 10): the garage's sales to private customers and its payments for services, per period, sent
 * to its approved platform. Configs built by hand (tests) run no loop: the tests drive the passes.
 */
export const ereportingModule: FastifyPluginAsync = async (app) => {
  await app.register(ereportingRoutes);
  await app.register(ereportingActionRoutes);
  if (!app.config.outboxLoops) return;
  const log = app.log.child({ module: 'ereporting' });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(
      () => {
        void ereportingPass(app.db, app.senders.key, log).catch((error: Error) =>
          log.warn({ err: error.message }, 'e-reporting pass failed, next pass will retry'),
        );
      },
      app.testPlatform ? 30_000 : DEFAULT_EREPORTING_MS,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};
