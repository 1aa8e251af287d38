import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_MAIL_POLL_MS } from '../../config';
import type { DispatchLoop } from '../outbox/dispatch';
import { startSmsLoop } from './dispatcher';
import { smsRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES: string[] = ['/api/sms', '/api/folder/:id/sms'];

/**
 * SMS: the folder's SMS routes, the provider's replies (STOP), and the loop sending the outbox's SMS, each through its
 * garage's provider (`app.senders`: the garage's, its network's, else `SMS_API_KEY`); an SMS whose garage has none
 * waits in the outbox. Configs built by hand (tests) run no loop.
 */
export const smsModule: FastifyPluginAsync = async (app) => {
  await app.register(smsRoutes);
  const { mailPollMs = DEFAULT_MAIL_POLL_MS } = app.config;
  if (!app.config.outboxLoops) return;
  const log = app.log.child({ module: 'sms' });
  let loop: DispatchLoop | undefined;
  app.addHook('onReady', async () => {
    log.info({ pollMs: mailPollMs }, 'sms dispatcher started');
    loop = startSmsLoop(app.db, (companyId) => app.senders.smsFor(companyId), { pollMs: mailPollMs, log });
  });
  app.addHook('onClose', async () => {
    await loop?.stop();
  });
};
