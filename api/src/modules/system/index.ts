import type { FastifyPluginAsync } from 'fastify';
import { systemRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/config', '/api/health', '/api/system'];

/** Health checks, the public configuration the shell reads before sign-in, and the backup an operator triggers. */
export const systemModule: FastifyPluginAsync = async (app) => {
  await app.register(systemRoutes);
};
