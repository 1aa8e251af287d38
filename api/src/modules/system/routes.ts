import { appConfigResponseSchema, remotesManifestSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadRemotesManifest } from '../../lib/remotes';

/** Public runtime configuration read by the shell before anyone logs in. */
export const systemModule: FastifyPluginAsyncZod = async (app) => {
  const manifest = loadRemotesManifest(app.config.remotesJson);

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
        summary: 'Module Federation manifest: remote name -> remoteEntry.js URL',
        response: { 200: remotesManifestSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return manifest;
    },
  );
};
