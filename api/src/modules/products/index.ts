import type { FastifyPluginAsync } from 'fastify';
import { productsRoutes } from './routes';
import { stockRoutes } from './stock-routes';
import { suppliersRoutes } from './supplier-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/product', '/api/stock', '/api/supplier'];

/** The catalogue: products, stock and its movements, suppliers. */
export const productsModule: FastifyPluginAsync = async (app) => {
  await app.register(productsRoutes);
  await app.register(stockRoutes);
  await app.register(suppliersRoutes);
};
