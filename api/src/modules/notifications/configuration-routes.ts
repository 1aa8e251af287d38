import {
  ALL_COMPANIES_ID,
  CONFIGURATION_SAVED_MESSAGE,
  configurationSaveResponseSchema,
  errorBodySchema,
  notificationConfigSchema,
  SELECT_COMPANY_MESSAGE,
  UNKNOWN_USER_MESSAGE,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sanitizeHtml } from '../../lib/sanitize';
import { selectedGarage } from '../../plugins/app/auth';
import { foreignUserIds, loadConfig, saveConfig } from './config-repository';

const tags = ['notifications'];

export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('notificationSettings');

  app.get(
    '/api/notifications/configure',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Notification configuration of the selected garage',
        response: { 200: notificationConfigSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      // The configuration belongs to one garage: TOUT (0) has none.
      const companyId = selectedGarage(request, SELECT_COMPANY_MESSAGE);
      return loadConfig(app.db, companyId);
    },
  );

  app.post(
    '/api/notifications/configure',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Save the configuration: {code: 200, detail} or a 4xx {code, error}',
        // Validated below so that every refusal has the {code, error} shape of docs/product.md.
        body: z.unknown(),
        response: {
          200: configurationSaveResponseSchema,
          400: configurationSaveResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const refuse = (error: string) => reply.code(400).send({ code: 400, error });
      // The page's own refusal shape (spec): TOUT is answered as its other refusals are.
      if (request.auth.selectedCompanyId === ALL_COMPANIES_ID) return refuse(SELECT_COMPANY_MESSAGE);
      const companyId = selectedGarage(request, SELECT_COMPANY_MESSAGE);
      const parsed = notificationConfigSchema.safeParse(request.body);
      if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Configuration invalide');
      const config = parsed.data;
      const foreign = await foreignUserIds(app.db, companyId, [
        ...config.usersRecipients,
        ...config.mailUsersRecipients,
      ]);
      if (foreign.length > 0) return refuse(UNKNOWN_USER_MESSAGE);
      await saveConfig(app.db, companyId, { ...config, smsTemplate: sanitizeHtml(config.smsTemplate) });
      return { code: 200, detail: CONFIGURATION_SAVED_MESSAGE };
    },
  );
};
