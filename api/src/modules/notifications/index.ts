import type { FastifyPluginAsync } from 'fastify';
import { notificationsRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/notifications'];

/** Live notifications: the list, the bell, the stream and each user's settings. */
export const notificationsModule: FastifyPluginAsync = async (app) => {
  await app.register(notificationsRoutes);
};
