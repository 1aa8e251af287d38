import type { FastifyPluginAsync } from 'fastify';
import { sidexaRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = [
  '/api/sidexa',
  '/api/company/:companyId/fees',
  '/api/folder/:id/jetons',
  '/api/folder/:id/sidexa-quotation',
  '/api/folder/:id/sidexa-status',
  '/api/token/generate-scoped',
];

/** The Sidexa vehicle lookup paid in units, its quotes, and a garage's hourly rate. */
export const sidexaModule: FastifyPluginAsync = async (app) => {
  await app.register(sidexaRoutes);
};
