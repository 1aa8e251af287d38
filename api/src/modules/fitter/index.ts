import type { FastifyPluginAsync } from 'fastify';
import { fitterRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/fitter'];

/** The fitter's day: today's tasks and the steps of a folder on site. */
export const fitterModule: FastifyPluginAsync = async (app) => {
  await app.register(fitterRoutes);
};
