import { randomUUID } from 'node:crypto';
import { errorBodySchema, testCloneUserBodySchema, testCloneUserResponseSchema } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberships, users } from '../../db/schema';
import { httpError } from '../../lib/http-error';
import { testRoutesEnabled } from '../notifications/routes';

/**
 * Browser tests run in parallel against one server: each signs in as its own clone of a demo account,
 * so what one test reads or changes (notifications, alerts, sessions) never shows in another, and the
 * demo accounts stay as a newcomer finds them. Registered only when ENABLE_TEST_ROUTES=1.
 */
export const testingModule: FastifyPluginAsyncZod = async (app) => {
  if (!testRoutesEnabled()) return;
  app.post(
    '/api/test/clone-user',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: a new user with the companies, roles and password of a demo account',
        body: testCloneUserBodySchema,
        response: { 201: testCloneUserResponseSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const clone = await app.db.transaction(async (tx) => {
        const [source] = await tx.select().from(users).where(eq(users.email, request.body.email)).limit(1);
        if (!source) throw httpError(404, 'Utilisateur introuvable');
        const [local] = source.email.split('@');
        const email = `${local}+${randomUUID().slice(0, 8)}@test.garage.fr`;
        const [created] = await tx
          .insert(users)
          .values({ email, name: source.name, firstname: source.firstname, passwordHash: source.passwordHash })
          .returning({ id: users.id, email: users.email });
        if (!created) throw httpError(500, 'Utilisateur non créé');
        const rows = await tx.select().from(memberships).where(eq(memberships.userId, source.id));
        await tx.insert(memberships).values(rows.map((row) => ({ ...row, userId: created.id })));
        return created;
      });
      return reply.code(201).send(clone);
    },
  );
};
