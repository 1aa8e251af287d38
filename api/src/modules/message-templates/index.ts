import type { FastifyPluginAsync } from 'fastify';
import { messageTemplatesRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/message_template'];

/** The mail and SMS templates. */
export const messageTemplatesModule: FastifyPluginAsync = async (app) => {
  await app.register(messageTemplatesRoutes);
};
