import {
  errorBodySchema,
  type PagingQuery,
  pagedResponseSchema,
  pagingQuerySchema,
  SUPPLIER_COLUMNS,
  SUPPLIER_NOT_FOUND,
  SUPPLIER_PICK_GARAGE,
  type Supplier,
  supplierBodySchema,
  supplierSchema,
} from 'contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db';
import { companies, suppliers } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { containsFilter, pagedList } from '../../lib/paged-list';
import { selectedGarage } from '../../plugins/app/auth';

const tags = ['suppliers'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: z.coerce.number({ message: 'Identifiant de fournisseur invalide' }).int().min(1) });

const supplierColumns = {
  id: suppliers.id,
  name: suppliers.name,
  siret: suppliers.siret,
  vatNumber: suppliers.vatNumber,
  contactName: suppliers.contactName,
  email: suppliers.email,
  phone: suppliers.phone,
  address: suppliers.address,
  postalCode: suppliers.postalCode,
  city: suppliers.city,
  paymentTerms: suppliers.paymentTerms,
  companyName: companies.name,
};

const selectSuppliers = (db: Database) =>
  db.select(supplierColumns).from(suppliers).innerJoin(companies, eq(companies.id, suppliers.companyId));

async function findSupplier(db: Database, companyIds: number[], id: number): Promise<Supplier | undefined> {
  const [row] = await selectSuppliers(db).where(and(eq(suppliers.id, id), inArray(suppliers.companyId, companyIds)));
  return row;
}

/** A page of the suppliers of `companyIds`, searched on name, SIRET and city (accents folded); by name by default. */
function listSuppliers(db: Database, companyIds: number[], query: PagingQuery) {
  const columns = Object.fromEntries(SUPPLIER_COLUMNS.map((key) => [key, suppliers[key]]));
  return pagedList(
    {
      rows: selectSuppliers(db).$dynamic(),
      count: db.select({ total: count() }).from(suppliers).$dynamic(),
      keys: SUPPLIER_COLUMNS,
      defaultSort: { sort: 'name', dir: 'asc' },
      sorts: columns,
      nullsLast: true,
      tieBreak: [suppliers.id],
      search: [
        sql`search_fold(${suppliers.name})`,
        sql`regexp_replace(${suppliers.siret}, '\\s', '', 'g')`,
        sql`search_fold(${suppliers.city})`,
      ],
      scope: inArray(suppliers.companyId, companyIds),
      filters: Object.fromEntries(SUPPLIER_COLUMNS.map((key) => [key, containsFilter(suppliers[key])])),
    },
    query,
  );
}

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
      const [row] = await app.db
        .insert(suppliers)
        .values({ ...request.body, companyId })
        .returning({ id: suppliers.id });
      const supplier = row && (await findSupplier(app.db, request.auth.companyIds, row.id));
      if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
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
      const [row] = await app.db
        .update(suppliers)
        .set(request.body)
        .where(and(eq(suppliers.id, request.params.id), inArray(suppliers.companyId, request.auth.companyIds)))
        .returning({ id: suppliers.id });
      const supplier = row && (await findSupplier(app.db, request.auth.companyIds, row.id));
      if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
      return supplier;
    },
  );
};
