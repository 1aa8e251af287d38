import type { FastifyPluginAsync } from 'fastify';
import { customerMatchesRoutes } from './matches-routes';
import { customersRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/customer', '/api/vehicle'];

/** A customer's and a vehicle's past across the caller's garages; the known customers « Nouveau client » finds. */
export const customersModule: FastifyPluginAsync = async (app) => {
  await app.register(customersRoutes);
  await app.register(customerMatchesRoutes);
};
