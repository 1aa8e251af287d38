import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_MAIL_POLL_MS } from '../../config';
import type { DispatchLoop } from '../outbox/dispatch';
import { startSmsLoop } from './dispatcher';
import { brevoSmsProvider } from './provider';
import { smsRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES: string[] = ['/api/sms', '/api/folder/:id/sms'];

/**
 * SMS: the folder's SMS routes, the provider's replies (STOP), and, when `SMS_API_KEY` is set, the loop
 * sending the outbox's SMS (started once the app is ready, stopped on close). Without a key SMS stay in the outbox.
 */
export const smsModule: FastifyPluginAsync = async (app) => {
  await app.register(smsRoutes);
  const { sms, mailPollMs = DEFAULT_MAIL_POLL_MS } = app.config;
  if (!sms) return;
  const log = app.log.child({ module: 'sms' });
  const provider = brevoSmsProvider(sms);
  let loop: DispatchLoop | undefined;
  app.addHook('onReady', async () => {
    // The key is a credential: only the provider's address is logged.
    log.info({ api: sms.apiUrl, sender: sms.sender, pollMs: mailPollMs }, 'sms dispatcher started');
    loop = startSmsLoop(app.db, provider, { pollMs: mailPollMs, log });
  });
  app.addHook('onClose', async () => {
    await loop?.stop();
  });
};
