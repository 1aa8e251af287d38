import type { FastifyPluginAsync } from 'fastify';
import { calendarRoutes } from './routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/calendar'];

/** The calendar of appointments. */
export const calendarModule: FastifyPluginAsync = async (app) => {
  await app.register(calendarRoutes);
};
