import type { FastifyPluginAsync } from 'fastify';
import { archivesRoutes } from './archive-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/integrity/:companyId/archives', '/api/integrity/public-key'];

/** The signed yearly and period archives of the ledger and their public key. */
export const archivesModule: FastifyPluginAsync = async (app) => {
  await app.register(archivesRoutes);
};
