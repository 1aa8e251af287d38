import type { FastifyPluginAsync } from 'fastify';
import { dashboardMoneyRoutes } from './money-routes';
import { dashboardRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/dashboard'];

/** The dashboard's figures, charts, rankings and money. */
export const dashboardModule: FastifyPluginAsync = async (app) => {
  await app.register(dashboardRoutes);
  await app.register(dashboardMoneyRoutes);
};
