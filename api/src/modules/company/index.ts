import type { FastifyPluginAsync } from 'fastify';
import { companyLogoRoutes } from './logo-routes';
import { companyRoutes } from './routes';
import { companySetupRoutes } from './setup-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/company'];

/** The garages a user reaches: the selector's list, search, default VAT rate, users of a garage, the logo. */
export const companyModule: FastifyPluginAsync = async (app) => {
  await app.register(companyRoutes);
  await app.register(companyLogoRoutes);
  await app.register(companySetupRoutes);
};
