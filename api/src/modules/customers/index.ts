import type { FastifyPluginAsync } from 'fastify';
import { customersRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/customer', '/api/vehicle'];

/** A customer's and a vehicle's past across the caller's garages. */
export const customersModule: FastifyPluginAsync = async (app) => {
  await app.register(customersRoutes);
};
