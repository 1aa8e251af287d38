import {
  can,
  dataTablesRequestSchema,
  PRODUCT_ID_NOT_A_NUMBER,
  PRODUCT_NOT_FOUND,
  PRODUCT_PICK_GARAGE,
  PRODUCT_READ_ONLY,
  PRODUCT_SUPPLIER_UNKNOWN,
  productBodySchema,
  productBriefSchema,
  productDetailSchema,
  productListResponseSchema,
  productSearchResultSchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, invalid, notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { selectedGarage, userScope } from '../../plugins/app/auth';
import {
  createProduct,
  findProduct,
  listProducts,
  ownerOf,
  productBrief,
  searchProducts,
  supplierBelongs,
  updateProduct,
} from './repository';

const tags = ['products'];
const errors = errorResponses(400, 401, 403, 404);
const SHARE_REFUSED = 'Seul le franchiseur partage un produit avec les centres de sa franchise';

/** "/product/12" is an id; "/product/abc" is answered "id is not a number" (docs/product.md). */
const numericId = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { message: PRODUCT_ID_NOT_A_NUMBER })
    .transform(Number),
});
/** Sharing with the centres is the franchisor's: the permission table's `franchise`. */
const mayShare = (request: FastifyRequest) => can(request.auth.roles, 'franchise');

/** The catalogue: the DataTables list, the product page, and the two calls document lines use. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.requirePermission('products');
  // Document lines (quotes, invoices, purchase orders) pick products too.
  const lines = app.requirePermission('authenticated');

  app.post(
    '/api/product/list',
    {
      preHandler: catalog,
      schema: {
        tags,
        summary: 'The product list in the DataTables protocol (columns 0-5, length capped at 100, draw echoed)',
        body: dataTablesRequestSchema,
        response: { 200: productListResponseSchema, ...errors },
      },
    },
    async (request) => listProducts(app.db, userScope(request), request.body),
  );

  app.get(
    '/product/:id',
    {
      preHandler: lines,
      schema: {
        tags,
        summary: 'What a document line takes from a product: id, name, description, productCode, price (cents)',
        params: numericId,
        response: { 200: productBriefSchema, ...errors },
      },
    },
    async (request) => {
      const product = await productBrief(app.db, userScope(request), request.params.id);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      return product;
    },
  );

  const search = async (request: FastifyRequest, term: string) => searchProducts(app.db, userScope(request), term);
  app.get(
    '/product/search/:term',
    {
      preHandler: lines,
      schema: {
        tags,
        summary: 'The line autocomplete: [{label, value, price}] of enabled products by name, code or Eurocode',
        params: z.object({ term: z.string().max(100) }),
        response: { 200: productSearchResultSchema, ...errors },
      },
    },
    async (request) => search(request, request.params.term),
  );
  app.get(
    '/api/product/search',
    {
      preHandler: lines,
      schema: {
        tags,
        summary: 'Same as /product/search/{term}, under /api (term in the query)',
        querystring: z.object({ term: z.string().max(100).default('') }),
        response: { 200: productSearchResultSchema, ...errors },
      },
    },
    async (request) => search(request, request.query.term),
  );

  app.get(
    '/api/product/details/:id',
    {
      preHandler: catalog,
      schema: {
        tags,
        summary: 'The product page: every field, and whether the user may edit it',
        params: numericId,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, userScope(request), request.params.id);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      return product;
    },
  );

  app.post(
    '/api/product',
    {
      preHandler: catalog,
      schema: {
        tags,
        summary: 'A new product of the selected garage',
        body: productBodySchema,
        response: { 201: productDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const selectedCompanyId = selectedGarage(request, PRODUCT_PICK_GARAGE);
      if (request.body.shared && !mayShare(request)) throw forbidden(SHARE_REFUSED);
      if (!(await supplierBelongs(app.db, selectedCompanyId, request.body.supplierId))) {
        throw invalid(PRODUCT_SUPPLIER_UNKNOWN);
      }
      const id = await createProduct(app.db, selectedCompanyId, request.body);
      const product = id === undefined ? undefined : await findProduct(app.db, userScope(request), id);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/api/product/:id',
    {
      preHandler: catalog,
      schema: {
        tags,
        summary: 'Saves a product of one of the user’s garages (the franchise catalogue is read-only to centres)',
        params: numericId,
        body: productBodySchema,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.body.shared && !mayShare(request)) throw forbidden(SHARE_REFUSED);
      const owner = await ownerOf(app.db, userScope(request), id);
      if (owner !== undefined && !(await supplierBelongs(app.db, owner, request.body.supplierId))) {
        throw invalid(PRODUCT_SUPPLIER_UNKNOWN);
      }
      const saved = await updateProduct(app.db, userScope(request), id, request.body);
      if (saved === undefined) {
        // Visible but not theirs: a centre looking at the franchise catalogue.
        const visible = await findProduct(app.db, userScope(request), id);
        throw visible ? forbidden(PRODUCT_READ_ONLY) : notFound(PRODUCT_NOT_FOUND);
      }
      const product = await findProduct(app.db, userScope(request), id);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      return product;
    },
  );
};
