import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { einvoicingTestRoutes, ereportingTestRoutes } from './einvoicing-routes';
import { notificationTestRoutes } from './notification-routes';
import { testingModule } from './testing-routes';

/**
 * The routes only tests may call (clone a demo user, make a folder, a garage or a notification on demand, read the
 * outbox). They live outside `src/` so the product's build (`dist/server.js`) cannot contain them: the API tests pass
 * them to `buildApp` (`createTestApp({ testRoutes: true })`), and the browser tests' server is its own entry
 * (`test-support/server.ts`, built to `dist-test/`).
 */
export const TEST_MODULES: FastifyPluginAsyncZod[] = [
  testingModule,
  notificationTestRoutes,
  einvoicingTestRoutes,
  ereportingTestRoutes,
];
