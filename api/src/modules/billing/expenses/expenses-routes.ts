import {
  DOCUMENT_SUPPLIER_UNKNOWN,
  documentIdParamsSchema,
  EMPTY_FILE_MESSAGE,
  EXPENSE_NOT_FOUND,
  EXPENSE_PICK_GARAGE,
  EXPENSE_RECEIPT_INVALID,
  expenseBodySchema,
  expenseCreatedSchema,
  expenseListResponseSchema,
  pagingQuerySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../../lib/content-disposition';
import { invalid, notFound, unsupportedType } from '../../../lib/domain-error';
import { detectFileKind } from '../../../lib/file-kind';
import { readFormData } from '../../../lib/form-data';
import { errorResponses } from '../../../lib/route-errors';
import { safeFileName } from '../../../lib/safe-file-name';
import { selectedGarage } from '../../../plugins/app/auth';
import { addExpense, listExpenses, readReceipt, supplierName } from './expenses-repository';

const tags = ['expenses'];
const errors = errorResponses(400, 401, 403, 404, 413, 415);
const RECEIPT_KINDS = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** Expenses and purchases (/expense/list): entry with its receipt (checked by content), list, receipt download. */
export const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookkeepers = app.requirePermission('expenses');

  app.get(
    '/api/expense/list',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary: 'Expenses of the user’s companies (shared paging; tabs by category on column 3)',
        querystring: pagingQuerySchema,
        response: { 200: expenseListResponseSchema, ...errors },
      },
    },
    async (request) => listExpenses(app.db, request.auth.companyIds, request.query),
  );

  app.post(
    '/api/expense',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary: 'Records an expense (form data: the fields of expenseBodySchema and an optional receipt `file`)',
        consumes: ['multipart/form-data'],
        response: { 201: expenseCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, EXPENSE_PICK_GARAGE);
      const { fields, files } = await readFormData(request);
      const parsed = expenseBodySchema.safeParse(fields);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Requête invalide');
      const body = parsed.data;
      const file = files.find((item) => item.fieldname === 'file');
      // The form sends no part without a receipt: an empty one is a file picked empty, not a missing receipt.
      if (file?.buffer.length === 0) throw invalid(EMPTY_FILE_MESSAGE);
      const mime = file ? detectFileKind(file.buffer) : undefined;
      if (file && (!mime || !RECEIPT_KINDS.has(mime))) throw unsupportedType(EXPENSE_RECEIPT_INVALID);
      let supplier = body.supplierName;
      if (body.supplierId !== null) {
        const name = await supplierName(app.db, companyId, body.supplierId);
        if (name === undefined) throw invalid(DOCUMENT_SUPPLIER_UNKNOWN);
        supplier = name;
      }
      const id = await addExpense(app.db, {
        companyId,
        supplierId: body.supplierId,
        supplierName: supplier,
        label: body.label,
        category: body.category,
        spentOn: body.date,
        preTaxAmount: body.preTaxAmount,
        taxAmount: body.taxAmount,
        receipt:
          file && mime ? { name: safeFileName(file.filename, 'justificatif'), mime, content: file.buffer } : undefined,
        userId: request.auth.userId,
      });
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/api/expense/:id/receipt',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary: 'The receipt of an expense, as an attachment',
        params: documentIdParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const receipt = await readReceipt(app.db, request.auth.companyIds, request.params.id);
      if (!receipt?.name || !receipt.mime) throw notFound(EXPENSE_NOT_FOUND);
      return reply
        .type(receipt.mime)
        .header('content-disposition', attachment(receipt.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(receipt.content);
    },
  );
};
