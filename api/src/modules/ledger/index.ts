import type { FastifyPluginAsync } from 'fastify';
import { closingsRoutes } from './closings-routes';
import { integrityRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/integrity', '/api/closings'];

/** Inalterability: the hash chain of issued documents and payments, its check, and the period closings. */
export const ledgerModule: FastifyPluginAsync = async (app) => {
  await app.register(integrityRoutes);
  await app.register(closingsRoutes);
};
