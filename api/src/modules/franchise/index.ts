import type { FastifyPluginAsync } from 'fastify';
import { franchiseNetworkRoutes } from './network-routes';
import { franchiseRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/franchise', '/api/activation', '/api/company/:franchiseId/center-list'];

/** The franchise network: centres, the network's figures, unit packs, account activation. */
export const franchiseModule: FastifyPluginAsync = async (app) => {
  await app.register(franchiseNetworkRoutes);
  await app.register(franchiseRoutes);
};
