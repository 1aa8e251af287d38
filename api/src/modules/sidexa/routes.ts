import {
  companyFeesBodySchema,
  companyFeesSchema,
  companyIdParamsSchema,
  errorBodySchema,
  FOLDER_NOT_FOUND_MESSAGE,
  folderIdParamsSchema,
  formatPlate,
  normalizePlate,
  pagingQuerySchema,
  SIDEXA_AUDATEX_MISMATCH,
  SIDEXA_LOOKUP_NOT_FOUND,
  SIDEXA_NO_VEHICLE_DATA,
  SIDEXA_PART_UNKNOWN,
  SIDEXA_PROVIDER_UNAVAILABLE,
  SIDEXA_REGISTRATION_MISMATCH,
  SIDEXA_REPORT_UNAVAILABLE,
  SIDEXA_TOKEN_HEADER,
  SIDEXA_TOKEN_INVALID,
  SIDEXA_TOKEN_QUERY,
  scopedTokenBodySchema,
  scopedTokenSchema,
  sidexaEnrichBodySchema,
  sidexaEnrichResponseSchema,
  sidexaQuotationResponseSchema,
  sidexaReportParamsSchema,
  sidexaStatusQuerySchema,
  sidexaStatusSchema,
  sidexaTableResponseSchema,
  unitConsumptionBodySchema,
  unitConsumptionSchema,
  unitsInsufficientSchema,
  type Variant,
} from 'contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { conflict, forbidden, invalid, notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope } from '../../plugins/app/auth';
import { httpVehicleDataProvider } from './http-provider';
import { catalogueProvider, ProviderUnavailableError, type VehicleDataProvider } from './provider';
import { lookupReportPdf } from './report';
import {
  consumeForLookup,
  findFolderFacts,
  findLookup,
  findLookupById,
  findLookupByToken,
  type Lookup,
  listLookups,
  reportFacts,
  saveHourlyRate,
  storeNoResult,
  storePricedLines,
  storeVehicle,
  withHourlyRate,
} from './repository';
import { signScopedToken, verifyScopedToken } from './scoped-token';

const tags = ['sidexa'];
const errors = errorResponses(400, 401, 403, 404, 409, 502);
/** The scoped token of the quotation calls: `X-Sidexa-Token` header, or `?token=`. */
const tokenQuerySchema = z.object({ [SIDEXA_TOKEN_QUERY]: z.string().max(4000).optional() });
const COMPANY_NOT_FOUND = 'Société introuvable';
/** A token still valid this long is answered as it is by generate-scoped with checkValidity. */
const REUSE_MARGIN_S = 60;

/** SIDEXA_URL (and SIDEXA_API_KEY) choose a real provider account; otherwise the catalogue answers. */
export function providerFor(config: Pick<AppConfig, 'sidexaUrl' | 'sidexaApiKey'>): VehicleDataProvider {
  if (!config.sidexaUrl) return catalogueProvider;
  return httpVehicleDataProvider({ url: config.sidexaUrl, apiKey: config.sidexaApiKey });
}

const claimsOf = (lookup: Lookup) => ({
  lookupId: lookup.id,
  folderId: lookup.folderId,
  companyId: lookup.companyId,
  tokenId: lookup.tokenId,
  scope: lookup.scope,
  registration: lookup.registration,
});

const providerDown = (reply: FastifyReply) =>
  reply.code(502).send({ message: SIDEXA_PROVIDER_UNAVAILABLE, statusCode: 502 });

/**
 * The vehicle quotation lookup: the folder's status, its unit consumption (once per scope), the scoped
 * token, the provider's vehicle and lines, the priced selection, the hourly rate, the list and the PDF report.
 */
export const sidexaRoutes: FastifyPluginAsyncZod = async (app) => {
  const sidexa = app.requirePermission('sidexa');
  const provider = providerFor(app.config);
  const secret = app.config.sessionSecret;

  const folderOf = async (request: FastifyRequest, id: number) => {
    const folder = await findFolderFacts(app.db, request.auth.companyIds, id);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    return folder;
  };

  /** The lookup a request's scoped token was signed for, when it is this folder's; 403 otherwise. */
  const lookupOfToken = async (request: FastifyRequest, folderId: number): Promise<Lookup> => {
    const header = request.headers[SIDEXA_TOKEN_HEADER];
    const query = request.query as Record<string, string | undefined>;
    const token = (Array.isArray(header) ? header[0] : header) || query[SIDEXA_TOKEN_QUERY];
    const claims = await verifyScopedToken(secret, token);
    if (!claims || claims.folderId !== folderId) throw forbidden(SIDEXA_TOKEN_INVALID);
    const lookup = await findLookupById(app.db, request.auth.companyIds, claims.lookupId);
    if (!lookup || lookup.folderId !== folderId || lookup.tokenId !== claims.tokenId) {
      throw forbidden(SIDEXA_TOKEN_INVALID);
    }
    return lookup;
  };

  app.get(
    '/api/folder/:id/sidexa-status',
    {
      preHandler: sidexa,
      schema: {
        tags,
        summary: 'Vehicle-data service status of a folder: charged (tokenId) and answered (hasVehicleData)',
        params: folderIdParamsSchema,
        querystring: sidexaStatusQuerySchema,
        response: { 200: sidexaStatusSchema, ...errors },
      },
    },
    async (request) => {
      const folder = await folderOf(request, request.params.id);
      const lookup = await findLookup(app.db, folder.id, request.query.scope);
      const registration = lookup?.registration || normalizePlate(folder.plate);
      return {
        hasVehicleData: Boolean(lookup?.vehicle) && (lookup?.status === 'found' || lookup?.status === 'priced'),
        tokenId: lookup?.tokenId ?? null,
        registration: registration ? formatPlate(registration) : null,
      };
    },
  );

  app.post(
    '/api/token/generate-scoped',
    {
      preHandler: sidexa,
      schema: {
        tags,
        summary:
          'A scoped token for a folder’s existing lookup (no unit consumed); with checkValidity a still-valid currentJWT is answered as it is',
        body: scopedTokenBodySchema,
        response: { 200: scopedTokenSchema, ...errors },
      },
    },
    async (request) => {
      const { payload, checkValidity, currentJWT } = request.body;
      const lookup = await findLookupByToken(app.db, request.auth.companyIds, payload.tokenId);
      if (!lookup || lookup.scope !== payload.scope) throw notFound(SIDEXA_LOOKUP_NOT_FOUND);
      if (normalizePlate(payload.registration) !== lookup.registration) {
        throw invalid(SIDEXA_REGISTRATION_MISMATCH);
      }
      if (checkValidity && currentJWT) {
        const current = await verifyScopedToken(secret, currentJWT);
        const now = Math.floor(Date.now() / 1000);
        if (
          current &&
          current.lookupId === lookup.id &&
          current.tokenId === lookup.tokenId &&
          current.expiresAt - now >= REUSE_MARGIN_S
        ) {
          return { token: currentJWT, expiresAt: new Date(current.expiresAt * 1000).toISOString() };
        }
      }
      return signScopedToken(secret, claimsOf(lookup));
    },
  );

  app.post(
    '/api/folder/:id/jetons/create',
    {
      preHandler: sidexa,
      schema: {
        tags: [...tags, 'units'],
        summary:
          'Consumes one unit for the folder’s lookup, once per (folder, scope): 201 with the scoped token; 401 with redirect /checkout when no unit is left (nothing consumed)',
        params: folderIdParamsSchema,
        body: unitConsumptionBodySchema,
        response: { 201: unitConsumptionSchema, ...errors, 401: z.union([unitsInsufficientSchema, errorBodySchema]) },
      },
    },
    async (request, reply) => {
      const outcome = await consumeForLookup(app.db, {
        companyIds: request.auth.companyIds,
        folderId: request.params.id,
        companyId: request.body.companyId,
        scope: request.body.scope,
        userId: request.auth.userId,
      });
      const signed = await signScopedToken(secret, claimsOf(outcome.lookup));
      return reply
        .code(201)
        .send({ ...signed, tokenId: outcome.lookup.tokenId, charged: outcome.charged, jeton: outcome.jeton });
    },
  );

  app.get(
    '/api/folder/:id/sidexa-quotation',
    {
      preHandler: sidexa,
      schema: {
        tags,
        summary:
          'The vehicle and its lines (asked once of the provider, then kept on the lookup), or the provider’s no-result text; scoped token in X-Sidexa-Token or ?token=',
        params: folderIdParamsSchema,
        querystring: tokenQuerySchema,
        response: { 200: sidexaQuotationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const folder = await folderOf(request, request.params.id);
      const lookup = await lookupOfToken(request, folder.id);
      if ((lookup.status === 'found' || lookup.status === 'priced') && lookup.vehicle && lookup.lines) {
        return { ...lookup.vehicle, lines: withHourlyRate(lookup.lines, folder.hourlyRate) };
      }
      let answer: Awaited<ReturnType<VehicleDataProvider['lookup']>>;
      try {
        answer = await provider.lookup({
          registration: lookup.registration,
          vin: folder.vin,
          brand: folder.brand,
          model: folder.model,
          glass: folder.glass,
        });
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        request.log.warn({ err: error }, 'vehicle-data provider unavailable');
        return providerDown(reply);
      }
      if (!answer.found) {
        await storeNoResult(app.db, lookup.id, answer.message);
        // A JSON string (Fastify would send a bare string as text/plain).
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.message));
      }
      const { lines, ...vehicle } = answer.result;
      await storeVehicle(app.db, lookup.id, vehicle, lines);
      return { ...answer.result, lines: withHourlyRate(lines, folder.hourlyRate) };
    },
  );

  app.post(
    '/api/folder/:id/sidexa-quotation/enrich',
    {
      preHandler: sidexa,
      schema: {
        tags,
        summary:
          'Prices the parts picked (one variant ref per codpiece) with their labour, kit and calibration; scoped token in X-Sidexa-Token or ?token=',
        params: folderIdParamsSchema,
        querystring: tokenQuerySchema,
        body: sidexaEnrichBodySchema,
        response: { 200: sidexaEnrichResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const folder = await folderOf(request, request.params.id);
      const lookup = await lookupOfToken(request, folder.id);
      if (!lookup.vehicle || !lookup.lines) throw conflict(SIDEXA_NO_VEHICLE_DATA);
      const { selectedParts, audatex } = request.body;
      const selection = new Map<string, Variant>();
      for (const part of selectedParts) {
        const line = lookup.lines.find((item) => item.codpiece === part.codpiece && item.variants.length > 0);
        const chosen = line?.variants.find((item) => item.ref === part.ref);
        if (!chosen || selection.has(part.codpiece)) throw invalid(SIDEXA_PART_UNKNOWN);
        if (audatex && chosen.audatex !== audatex) throw invalid(SIDEXA_AUDATEX_MISMATCH);
        selection.set(part.codpiece, chosen);
      }
      let priced: Awaited<ReturnType<VehicleDataProvider['price']>>;
      try {
        priced = await provider.price({
          registration: lookup.registration,
          vin: lookup.vehicle.serialNumber,
          audatex,
          lines: lookup.lines,
          selection,
        });
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        request.log.warn({ err: error }, 'vehicle-data provider unavailable');
        return providerDown(reply);
      }
      const lines = withHourlyRate(priced, folder.hourlyRate);
      await storePricedLines(app.db, lookup.id, lines);
      return { lines };
    },
  );

  app.post(
    '/api/company/:companyId/fees',
    {
      preHandler: sidexa,
      schema: {
        tags,
        summary: 'The company fee setting: hourly rate in euros (only a company of the user)',
        params: companyIdParamsSchema,
        body: companyFeesBodySchema,
        response: { 200: companyFeesSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      assertCompanyInScope(request, companyId);
      const saved = await saveHourlyRate(app.db, companyId, request.body.hourlyRate);
      if (!saved) throw notFound(COMPANY_NOT_FOUND);
      return { hourlyRate: saved.hourlyRate ?? request.body.hourlyRate };
    },
  );

  const tableSchema = {
    tags,
    summary:
      'Lookups of the user’s companies (shared paging; columns createdAt, folder, status, appointmentAt, technician, glass, consumption, report, state; tabs on state)',
    response: { 200: sidexaTableResponseSchema, ...errors },
  };
  app.get(
    '/api/sidexa/table',
    { preHandler: sidexa, schema: { ...tableSchema, querystring: pagingQuerySchema } },
    async (request) => listLookups(app.db, request.auth.companyIds, request.query),
  );
  app.post(
    '/api/sidexa/table',
    { preHandler: sidexa, schema: { ...tableSchema, body: pagingQuerySchema } },
    async (request) => listLookups(app.db, request.auth.companyIds, request.body),
  );

  app.get(
    '/api/sidexa/:lookupId/report',
    {
      preHandler: sidexa,
      schema: {
        tags,
        summary: 'The PDF report of a lookup: vehicle identity, parts and prices',
        params: sidexaReportParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const facts = await reportFacts(app.db, request.auth.companyIds, request.params.lookupId);
      if (!facts) throw notFound(SIDEXA_LOOKUP_NOT_FOUND);
      if (!facts.lookup.vehicle) throw notFound(SIDEXA_REPORT_UNAVAILABLE);
      const pdf = await lookupReportPdf(facts);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="sidexa-${facts.lookup.registration}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
