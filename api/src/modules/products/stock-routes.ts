import {
  PRODUCT_NOT_FOUND,
  pagingQuerySchema,
  parseEuros,
  STOCK_INSUFFICIENT,
  STOCK_NOT_TRACKED,
  STOCK_PICK_GARAGE,
  stockListResponseSchema,
  stockMovedSchema,
  stockMovementBodySchema,
  stockMovementListSchema,
  stockThresholdBodySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, invalid, notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { selectedGarage } from '../../plugins/app/auth';
import { listMovements, listStock, saveStockMovement, setThreshold, stockableProduct } from './stock-repository';

const tags = ['stock'];
const errors = errorResponses(400, 401, 403, 404, 409);
const productParams = z.object({
  productId: z.coerce.number({ message: 'Identifiant de produit invalide' }).int().min(1),
});

/** Stocks of the selected garage: the list, movements (receptions, adjustments) and low-stock thresholds. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const stockists = app.requirePermission('stocks');

  const trackedProduct = async (companyId: number, productId: number) => {
    const product = await stockableProduct(app.db, companyId, productId);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    if (!product.stockTracked) throw invalid(STOCK_NOT_TRACKED);
    return product;
  };

  app.get(
    '/api/stock/list',
    {
      preHandler: stockists,
      schema: {
        tags,
        summary: 'Stock of the selected garage (shared paging; tabs by state: ok, low, out)',
        querystring: pagingQuerySchema,
        response: { 200: stockListResponseSchema, ...errors },
      },
    },
    async (request) => listStock(app.db, selectedGarage(request, STOCK_PICK_GARAGE), request.query),
  );

  app.post(
    '/api/stock/movements',
    {
      preHandler: stockists,
      schema: {
        tags,
        summary: 'A reception (quantity, unit cost: moves the weighted average) or an adjustment (signed, reason)',
        body: stockMovementBodySchema,
        response: { 201: stockMovedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, STOCK_PICK_GARAGE);
      const body = request.body;
      await trackedProduct(companyId, body.productId);
      const unitCost =
        body.kind === 'reception' && body.unitCost !== undefined ? (parseEuros(body.unitCost) ?? null) : null;
      const quantity = await saveStockMovement(app.db, {
        companyId,
        productId: body.productId,
        kind: body.kind,
        quantity: body.quantity,
        unitCost,
        reason: body.reason,
        reference: body.reference,
        userId: request.auth.userId,
      });
      if (quantity === undefined) throw conflict(STOCK_INSUFFICIENT);
      return reply.code(201).send({ quantity });
    },
  );

  app.get(
    '/api/stock/:productId/movements',
    {
      preHandler: stockists,
      schema: {
        tags,
        summary: 'The movements of a product in the selected garage, newest first',
        params: productParams,
        response: { 200: stockMovementListSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = selectedGarage(request, STOCK_PICK_GARAGE);
      await trackedProduct(companyId, request.params.productId);
      return listMovements(app.db, companyId, request.params.productId);
    },
  );

  app.put(
    '/api/stock/:productId/threshold',
    {
      preHandler: stockists,
      schema: {
        tags,
        summary: 'The low-stock threshold of a product in the selected garage',
        params: productParams,
        body: stockThresholdBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, STOCK_PICK_GARAGE);
      await trackedProduct(companyId, request.params.productId);
      await setThreshold(app.db, companyId, request.params.productId, request.body.threshold);
      return reply.code(204).send(null);
    },
  );
};
