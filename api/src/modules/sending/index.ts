import type { FastifyPluginAsync } from 'fastify';
import { sendingRoutes } from './routes';
import { sendingSaveRoutes } from './save-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/company/:companyId/sending'];

/**
 * How the garages' mails and SMS leave: the settings of each garage and network (secrets sealed), the senders the
 * dispatchers ask for each message (`app.senders`, made in app.ts), « Envoyer un test ».
 */
export const sendingModule: FastifyPluginAsync = async (app) => {
  await app.register(sendingRoutes);
  await app.register(sendingSaveRoutes);
};
