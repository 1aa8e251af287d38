import type { FastifyPluginAsync } from 'fastify';
import { insurersRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/insurer'];

/** The insurers' directory (the network's and each garage's own). */
export const insurersModule: FastifyPluginAsync = async (app) => {
  await app.register(insurersRoutes);
};
