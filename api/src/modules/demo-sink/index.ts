import type { FastifyPluginAsync } from 'fastify';
import { demoSinkRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/demo'];

/**
 * The demonstration's sink (`sink.ts`, started by a `DEMO_SEED=1` start only) and the page reading it; on any other
 * server its routes answer 404.
 */
export const demoSinkModule: FastifyPluginAsync = async (app) => {
  await app.register(demoSinkRoutes);
};
