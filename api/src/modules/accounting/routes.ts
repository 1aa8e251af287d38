import {
  ACCOUNTING_SIRET_MISSING,
  accountingCompanyParamsSchema,
  accountingPeriodQuerySchema,
  accountingSettingsSchema,
  accountingSummarySchema,
  accountMappingBodySchema,
  errorBodySchema,
  fecFileName,
  fecSiren,
  journalLineListResponseSchema,
  journalLinesQuerySchema,
  journalsExportQuerySchema,
  journalsFileName,
  PERIOD_EXPORT_FORMATS,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, forbidden } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { SHEET_CONTENT_TYPES } from '../../lib/spreadsheet';
import { assertCompanyInScope, COMPANY_FORBIDDEN_MESSAGE, companiesWith } from '../../plugins/app/auth';
import { readChart, saveChart } from './chart';
import { sendFec, sendJournals } from './downloads';
import { fecFile } from './fec';
import { accountingGarage } from './garage';
import { journalBook, journalLines, summaryOf } from './journal-book';

const tags = ['accounting'];
const errors = errorResponses(400, 401, 403);
const params = accountingCompanyParamsSchema;

/** The accountant's journals, FEC and chart of accounts of one garage. */
export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requirePermission('accounting');
  const editors = app.requirePermission('accountMapping');

  /**
   * The garage asked for, when the caller holds the route's permission there itself: requirePermission narrowed the
   * scope to those garages (accountMapping's are all accounting's too).
   */
  async function garage(request: FastifyRequest, companyId: number) {
    assertCompanyInScope(request, companyId);
    const company = await accountingGarage(app.db, companyId);
    if (!company) throw forbidden(COMPANY_FORBIDDEN_MESSAGE);
    return company;
  }

  async function settings(request: FastifyRequest, companyId: number) {
    const company = await garage(request, companyId);
    return {
      companyId,
      garage: company.name,
      siren: fecSiren(company.siret),
      fiscalYearStartMonth: company.fiscalYearStartMonth,
      canEditMapping: companiesWith(request, 'accountMapping').includes(companyId),
      accounts: await readChart(app.db, companyId),
    };
  }

  app.get(
    '/api/accounting/:companyId',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'A garage’s accounting: its SIREN, fiscal year and chart of accounts (defaults and its own)',
        params,
        response: { 200: accountingSettingsSchema, ...errors },
      },
    },
    (request) => settings(request, request.params.companyId),
  );

  app.put(
    '/api/accounting/:companyId/accounts',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Replaces the garage’s chart of accounts (roles left out go back to their French default)',
        params,
        body: accountMappingBodySchema,
        response: { 200: accountingSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await garage(request, companyId);
      await saveChart(app.db, companyId, request.body);
      return settings(request, companyId);
    },
  );

  app.get(
    '/api/accounting/:companyId/summary',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Entries and totals of each journal over Du–Au, VAT per rate of the sales, the FEC’s file name',
        params,
        querystring: accountingPeriodQuerySchema,
        response: { 200: accountingSummarySchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const { from, to } = request.query;
      const company = await garage(request, companyId);
      const siren = fecSiren(company.siret);
      const book = await journalBook(app.db, companyId, { from, to });
      return { from, to, ...summaryOf(book), fecFileName: siren ? fecFileName(siren, to) : null };
    },
  );

  app.get(
    '/api/accounting/:companyId/entries',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'One journal’s lines over Du–Au in entry order, a page at a time (search: account, party, piece, label)',
        params,
        querystring: journalLinesQuerySchema,
        response: { 200: journalLineListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const { from, to, journal, page, pageSize, search } = request.query;
      await garage(request, companyId);
      const lines = journalLines((await journalBook(app.db, companyId, { from, to }, [journal])).entries).filter(
        (line) => line.journal === journal,
      );
      const needle = search?.trim().toLowerCase();
      const found = needle
        ? lines.filter((line) =>
            [line.account, line.accountLabel, line.auxAccount, line.auxLabel, line.pieceRef, line.label].some((text) =>
              text.toLowerCase().includes(needle),
            ),
          )
        : lines;
      return { data: found.slice((page - 1) * pageSize, page * pageSize), totalRecords: found.length };
    },
  );

  app.get(
    '/api/accounting/:companyId/fec',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'The FEC of Du–Au (LPF art. A47 A-1): 18 tab-separated fields, ISO 8859-15, every journal in validation order',
        params,
        querystring: accountingPeriodQuerySchema,
        produces: ['text/plain'],
        response: { 200: z.any(), 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const { from, to } = request.query;
      const company = await garage(request, companyId);
      const siren = fecSiren(company.siret);
      if (!siren) throw conflict(ACCOUNTING_SIRET_MISSING);
      const book = await journalBook(app.db, companyId, { from, to });
      const fileName = fecFileName(siren, to);
      return sendFec(reply, fecFile(book.entries), {
        db: app.db,
        companyId,
        userId: request.auth.userId,
        details: { export: 'fec', fileName, from, to },
      });
    },
  );

  app.get(
    '/api/accounting/:companyId/journals/export',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Every journal (or one) of Du–Au, line by line, as Excel or CSV (an attachment)',
        params,
        querystring: journalsExportQuerySchema,
        produces: PERIOD_EXPORT_FORMATS.map((format) => SHEET_CONTENT_TYPES[format]),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const { from, to, format, journal } = request.query;
      await garage(request, companyId);
      const book = await journalBook(app.db, companyId, { from, to }, journal ? [journal] : undefined);
      const lines = journalLines(book.entries).filter((line) => !journal || line.journal === journal);
      const fileName = journalsFileName(from, to, format, journal);
      return sendJournals(reply, format, lines, {
        db: app.db,
        companyId,
        userId: request.auth.userId,
        details: { export: 'journals', fileName, from, to, ...(journal ? { journal } : {}) },
      });
    },
  );
};
