import type { FastifyPluginAsync } from 'fastify';
import { docsRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/docs'];

/** The network's documentation pages and their versions. */
export const docsModule: FastifyPluginAsync = async (app) => {
  await app.register(docsRoutes);
};
