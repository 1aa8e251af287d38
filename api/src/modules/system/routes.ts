import { appConfigResponseSchema, servedRemotesSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupRoute } from './backup-route';
import { healthRoutes } from './health';

/** Public runtime configuration read by the shell before anyone logs in. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['system'], summary: 'Public runtime settings', response: { 200: appConfigResponseSchema } } },
    async () => ({ partnerHosts: app.config.partnerHosts }),
  );

  app.get(
    '/remotes.json',
    {
      schema: {
        tags: ['system'],
        summary: 'Module Federation manifest: remote name -> its entry, and the reason when the shell cannot run it',
        response: { 200: servedRemotesSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.remotes.served();
    },
  );

  await app.register(healthRoutes);
  await app.register(backupRoute);
};
