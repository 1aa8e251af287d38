import {
  companyIdParamsSchema,
  directoryLookupSchema,
  directoryParamsSchema,
  platformSettingsBodySchema,
  platformSettingsViewSchema,
  platformTestResultSchema,
  sendingLevelQuerySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkOrigin } from '../../lib/link-origin';
import { errorResponses } from '../../lib/route-errors';
import { sealSecret } from '../../lib/secret-box';
import { assertCompanyInScope } from '../../plugins/app/auth';
import { removeSetting, saveSetting } from '../sending/settings-repository';
import { ownerAt } from '../sending/settings-view';
import { testConnection } from './connection-test';
import { directoryLookup } from './directory-lookup';
import { platformView } from './platform-settings';

const tags = ['einvoicing'];
const errors = errorResponses(400, 401, 403, 404);

/** « Facturation électronique » of a garage: its approved platform (or its network's), saved, removed, tested. */
export const platformSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('companySettings');

  app.get(
    '/api/company/:companyId/einvoicing',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'The garage’s approved platform: its own setting, its network’s, the one in use, its electronic address and webhook. The client secret is never answered, only whether one is stored',
        params: companyIdParamsSchema,
        response: { 200: platformSettingsViewSchema, ...errors },
      },
    },
    async (request) => {
      assertCompanyInScope(request, request.params.companyId);
      return platformView(app, request, request.params.companyId);
    },
  );

  app.put(
    '/api/company/:companyId/einvoicing',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'Saves the garage’s (or its whole network’s, `level: network`, head office only) platform: API addresses and OAuth2 client; a secret left out keeps the stored one, an empty one removes it',
        params: companyIdParamsSchema,
        body: platformSettingsBodySchema,
        response: { 200: platformSettingsViewSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const { clientSecret, ...platform } = request.body.platform;
      const owner = await ownerAt(app, request, companyId, request.body.level);
      const sealed =
        clientSecret === undefined ? undefined : clientSecret === '' ? null : sealSecret(app.senders.key, clientSecret);
      await saveSetting(app.db, owner, 'platform', platform, sealed);
      return platformView(app, request, companyId);
    },
  );

  app.delete(
    '/api/company/:companyId/einvoicing',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Removes the garage’s (or the network’s) platform: the garage then uses the next level, or none',
        params: companyIdParamsSchema,
        querystring: sendingLevelQuerySchema,
        response: { 200: platformSettingsViewSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await removeSetting(app.db, await ownerAt(app, request, companyId, request.query.level), 'platform');
      return platformView(app, request, companyId);
    },
  );
};

/** « Tester la connexion » (connection-test.ts), and the directory asked for a buyer's or an insurer's SIREN. */
export const platformTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('companySettings');

  app.post(
    '/api/company/:companyId/einvoicing/test',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          '« Tester la connexion »: a token, the flow service, the directory (the garage’s own line), then the webhook subscribed again; each step with what the platform answered',
        params: companyIdParamsSchema,
        response: { 200: platformTestResultSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      assertCompanyInScope(request, companyId);
      return testConnection(app, companyId, `${linkOrigin(request)}/api/einvoicing/webhook/${companyId}`);
    },
  );

  app.get(
    '/api/company/:companyId/einvoicing/directory/:siren',
    {
      preHandler: app.requirePermission('billingDocuments'),
      schema: {
        tags,
        summary:
          'Whether a business buyer or an insurer receives e-invoices and at which address, from the directory of the garage’s platform (kept a day)',
        params: directoryParamsSchema,
        response: { 200: directoryLookupSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId, siren } = request.params;
      assertCompanyInScope(request, companyId);
      return directoryLookup(app.db, app.senders.key, companyId, siren);
    },
  );
};
