import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_MAIL_POLL_MS } from '../../config';
import type { DispatchLoop } from '../outbox/dispatch';
import { syncAllIncoming } from './incoming-sync';
import { startPlatformLoop } from './platform-dispatcher';
import { receivedRoutes } from './received-routes';
import { receivedStatusRoutes } from './received-status-routes';
import { queueMissedDeposits } from './sent-invoices';
import { platformSettingsRoutes, platformTestRoutes } from './settings-routes';
import { webhookRoutes } from './webhook-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/einvoicing', '/api/company/:companyId/einvoicing'];

/** How often the platform is searched for invoices whose webhook call was lost. */
export const DEFAULT_PLATFORM_SEARCH_MS = 5 * 60_000;

/**
 * The garage's approved e-invoicing platform (XP Z12-013): its settings and connection test, supplier invoices
 * received (webhook, periodic search, manual import) into expenses, their statuses sent back through the outbox.
 * Configs built by hand (tests) run no loop: the tests drive the passes.
 */
export const einvoicingModule: FastifyPluginAsync = async (app) => {
  await app.register(platformSettingsRoutes);
  await app.register(platformTestRoutes);
  await app.register(receivedRoutes);
  await app.register(receivedStatusRoutes);
  await app.register(webhookRoutes);
  if (!app.config.outboxLoops) return;
  const log = app.log.child({ module: 'einvoicing' });
  const { mailPollMs = DEFAULT_MAIL_POLL_MS } = app.config;
  let loop: DispatchLoop | undefined;
  let search: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    loop = startPlatformLoop(app.db, app.senders.key, { pollMs: mailPollMs, log });
    const searchMs = app.testPlatform ? 30_000 : DEFAULT_PLATFORM_SEARCH_MS;
    search = setInterval(() => {
      void syncAllIncoming(app.db, app.senders.key, log);
      void queueMissedDeposits(app.db).catch((error: Error) =>
        log.warn({ err: error.message }, 'deposit sweep failed'),
      );
    }, searchMs);
    search.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(search);
    await loop?.stop();
  });
};
