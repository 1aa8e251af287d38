import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod contracts: it cannot drift from the code. */
export const swaggerPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'API back-office garages', version: '1.0.0' },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'garage_session' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // In production the map of every route is for signed-in staff only (the auth plugin registers later; its
      // check is looked up when a request comes).
      uiHooks: app.config.apiDocsPublic
        ? {}
        : {
            onRequest: (request, reply, done) =>
              void app.authenticate.call(app, request, reply).then(() => done(), done),
          },
    });
  },
  { name: 'swagger' },
);
