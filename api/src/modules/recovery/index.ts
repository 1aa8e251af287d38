import type { FastifyPluginAsync } from 'fastify';
import { recoveryRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/recovery'];

/** Debt recovery of overdue invoices. */
export const recoveryModule: FastifyPluginAsync = async (app) => {
  await app.register(recoveryRoutes);
};
