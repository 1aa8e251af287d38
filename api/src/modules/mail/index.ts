import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_MAIL_FROM, DEFAULT_MAIL_POLL_MS } from '../../config';
import type { DispatchLoop } from '../outbox/dispatch';
import { startMailLoop } from './dispatcher';
import { createSmtpTransport, redactSmtpUrl } from './smtp-transport';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES: string[] = [];

/**
 * Sends the outbox's mails over SMTP when `SMTP_URL` is set; without it this
 * plugin does nothing and mails stay in the outbox. The loop starts once the
 * app is ready (migrations done, every plugin loaded) and stops on close.
 */
export const mailModule: FastifyPluginAsync = async (app) => {
  const { smtpUrl, mailFrom = DEFAULT_MAIL_FROM, mailPollMs = DEFAULT_MAIL_POLL_MS } = app.config;
  if (!smtpUrl) return;
  const log = app.log.child({ module: 'mail' });
  const transport = createSmtpTransport(smtpUrl);
  let loop: DispatchLoop | undefined;

  app.addHook('onReady', async () => {
    log.info({ smtp: redactSmtpUrl(smtpUrl), from: mailFrom, pollMs: mailPollMs }, 'mail dispatcher started');
    loop = startMailLoop(app.db, transport, { from: mailFrom, pollMs: mailPollMs, log });
  });
  app.addHook('onClose', async () => {
    await loop?.stop();
    transport.close();
  });
};
