import {
  pagedResponseSchema,
  pagingQuerySchema,
  SUPPLIER_NOT_FOUND,
  SUPPLIER_PICK_GARAGE,
  supplierBodySchema,
  supplierSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { selectedGarage } from '../../plugins/app/auth';
import { createSupplier, findSupplier, listSuppliers, saveSupplier } from './supplier-repository';

const tags = ['suppliers'];
const errors = errorResponses(400, 401, 403, 404);
const idParams = z.object({ id: z.coerce.number({ message: 'Identifiant de fournisseur invalide' }).int().min(1) });

/** Suppliers of the user's garages: a server-paged list, a form; never another garage's. */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const buyers = app.requirePermission('suppliers');

  app.get(
    '/api/supplier/list',
    {
      preHandler: buyers,
      schema: {
        tags,
        summary: 'Suppliers of the selected garage (or all of the user’s for TOUT), server-paged',
        querystring: pagingQuerySchema,
        response: { 200: pagedResponseSchema(supplierSchema), ...errors },
      },
    },
    async (request) => {
      return listSuppliers(app.db, request.auth.companyIds, request.query);
    },
  );

  app.get(
    '/api/supplier/:id',
    {
      preHandler: buyers,
      schema: { tags, summary: 'One supplier', params: idParams, response: { 200: supplierSchema, ...errors } },
    },
    async (request) => {
      const supplier = await findSupplier(app.db, request.auth.companyIds, request.params.id);
      if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
      return supplier;
    },
  );

  app.post(
    '/api/supplier',
    {
      preHandler: buyers,
      schema: {
        tags,
        summary: 'A new supplier of the selected garage (SIRET checked with the Luhn rule, VAT number against it)',
        body: supplierBodySchema,
        response: { 201: supplierSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, SUPPLIER_PICK_GARAGE);
      const supplier = await createSupplier(app.db, request.auth.companyIds, companyId, request.body);
      return reply.code(201).send(supplier);
    },
  );

  app.put(
    '/api/supplier/:id',
    {
      preHandler: buyers,
      schema: {
        tags,
        summary: 'Saves a supplier of one of the user’s garages',
        params: idParams,
        body: supplierBodySchema,
        response: { 200: supplierSchema, ...errors },
      },
    },
    async (request) => {
      return saveSupplier(app.db, request.auth.companyIds, request.params.id, request.body);
    },
  );
};
