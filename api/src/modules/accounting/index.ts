import type { FastifyPluginAsync } from 'fastify';
import { accountingRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/accounting'];

/** Accounting: entries, accounts, journals, the FEC. */
export const accountingModule: FastifyPluginAsync = async (app) => {
  await app.register(accountingRoutes);
};
