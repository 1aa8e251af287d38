import {
  companyIdParamsSchema,
  sendingChannelParamsSchema,
  sendingLevelQuerySchema,
  sendingSettingsSchema,
  sendingTestBodySchema,
  sendingTestResultSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope } from '../../plugins/app/auth';
import { removeSetting } from './settings-repository';
import { ownerAt, settingsView } from './settings-view';
import { sendTestMail, sendTestSms } from './test-send';

const tags = ['company'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** « Envoi des e-mails et SMS » of a garage: read both levels, remove one, send a test (the saves: save-routes.ts). */
export const sendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('companySettings');

  app.get(
    '/api/company/:companyId/sending',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'How the garage’s e-mails and SMS leave: its own server and provider, its network’s, and which one its messages use (garage, network, the server’s environment, none). Passwords and keys are never answered, only whether one is stored',
        params: companyIdParamsSchema,
        response: { 200: sendingSettingsSchema, ...errors },
      },
    },
    async (request) => {
      assertCompanyInScope(request, request.params.companyId);
      return settingsView(app, request, request.params.companyId);
    },
  );

  app.delete(
    '/api/company/:companyId/sending/:channel',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Removes the garage’s (or the network’s) setting of a channel: its messages then use the next level',
        params: sendingChannelParamsSchema,
        querystring: sendingLevelQuerySchema,
        response: { 200: sendingSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId, channel } = request.params;
      await removeSetting(app.db, await ownerAt(app, request, companyId, request.query.level), channel);
      return settingsView(app, request, companyId);
    },
  );

  app.post(
    '/api/company/:companyId/sending/:channel/test',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          '« Envoyer un test »: one message through the server the garage’s messages use, now; answers whether the server accepted it, or its refusal',
        params: sendingChannelParamsSchema,
        body: sendingTestBodySchema,
        response: { 200: sendingTestResultSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId, channel } = request.params;
      assertCompanyInScope(request, companyId);
      const send = channel === 'mail' ? sendTestMail : sendTestSms;
      return send(app.db, app.senders, companyId, request.body.to);
    },
  );
};
