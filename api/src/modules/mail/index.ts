import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_MAIL_POLL_MS } from '../../config';
import type { DispatchLoop } from '../outbox/dispatch';
import { startMailLoop } from './dispatcher';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES: string[] = [];

/**
 * Sends the outbox's mails, each through its garage's server (`app.senders`: the garage's, its network's, else
 * `SMTP_URL`); a mail whose garage has none waits in the outbox. The loop starts once the app is ready (migrations
 * done, every plugin loaded) and stops on close; configs built by hand (tests) run no loop.
 */
export const mailModule: FastifyPluginAsync = async (app) => {
  const { mailPollMs = DEFAULT_MAIL_POLL_MS } = app.config;
  if (!app.config.outboxLoops) return;
  const log = app.log.child({ module: 'mail' });
  let loop: DispatchLoop | undefined;

  app.addHook('onReady', async () => {
    log.info({ pollMs: mailPollMs }, 'mail dispatcher started');
    loop = startMailLoop(app.db, (companyId) => app.senders.mailFor(companyId), { pollMs: mailPollMs, log });
  });
  app.addHook('onClose', async () => {
    await loop?.stop();
  });
};
