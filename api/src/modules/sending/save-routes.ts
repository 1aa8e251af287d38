import {
  companyIdParamsSchema,
  type MailServer,
  mailServerBodySchema,
  type SendingChannel,
  type SendingLevel,
  type SmsProviderSettings,
  sendingSettingsSchema,
  smsProviderBodySchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-errors';
import { sealSecret } from '../../lib/secret-box';
import { saveSetting } from './settings-repository';
import { ownerAt, settingsView } from './settings-view';

const tags = ['company'];
const errors = errorResponses(400, 401, 403, 404);

/** Saves a garage's (or its network's) SMTP server and SMS provider; each secret typed is sealed before it is stored. */
export const sendingSaveRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('companySettings');

  /** A secret typed is sealed, an empty one removed, an absent one kept (the form never shows it back). */
  const save = async (
    request: FastifyRequest,
    [companyId, level, channel]: [number, SendingLevel, SendingChannel],
    settings: MailServer | SmsProviderSettings,
    secret: string | undefined,
  ) => {
    const owner = await ownerAt(app, request, companyId, level);
    const sealed = secret === undefined ? undefined : secret === '' ? null : sealSecret(app.senders.key, secret);
    await saveSetting(app.db, owner, channel, settings, sealed);
    return settingsView(app, request, companyId);
  };

  app.put(
    '/api/company/:companyId/sending/mail',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'Saves the SMTP server of the garage, or of its whole network (`level: network`, its head office only); a password left out keeps the stored one, an empty one removes it',
        params: companyIdParamsSchema,
        body: mailServerBodySchema,
        response: { 200: sendingSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { password, ...server } = request.body.server;
      return save(request, [request.params.companyId, request.body.level, 'mail'], server, password);
    },
  );

  app.put(
    '/api/company/:companyId/sending/sms',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'Saves the SMS provider (Brevo’s transactional SMS API, or one speaking it) of the garage or of its network; a key left out keeps the stored one',
        params: companyIdParamsSchema,
        body: smsProviderBodySchema,
        response: { 200: sendingSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { apiKey, ...provider } = request.body.provider;
      return save(request, [request.params.companyId, request.body.level, 'sms'], provider, apiKey);
    },
  );
};
