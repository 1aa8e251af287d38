import type { FastifyPluginAsync } from 'fastify';
import { importActionRoutes } from './action-routes';
import { importRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/imports'];

/** « Import depuis l’ancien logiciel »: a garage's customers and vehicles from its former software's export. */
export const importsModule: FastifyPluginAsync = async (app) => {
  await app.register(importRoutes);
  await app.register(importActionRoutes);
};
