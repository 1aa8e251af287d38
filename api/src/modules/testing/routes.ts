import { randomUUID } from 'node:crypto';
import {
  errorBodySchema,
  formatPlate,
  testCloneUserBodySchema,
  testCloneUserResponseSchema,
  testCreateFolderBodySchema,
  testCreateFolderResponseSchema,
} from 'contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberships, users } from '../../db/schema';
import { httpError } from '../../lib/http-error';
import { testRoutesEnabled } from '../../lib/test-routes';
import { insertTestFolder } from './folder-fixture';

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

  app.post(
    '/api/test/folder',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: a folder of its own for a browser test, in the user’s first company',
        body: testCreateFolderBodySchema,
        response: { 201: testCreateFolderResponseSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const [member] = await app.db
        .select({ userId: users.id, companyId: memberships.companyId })
        .from(users)
        .innerJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.email, request.body.email))
        .orderBy(asc(memberships.companyId))
        .limit(1);
      if (!member) throw httpError(404, 'Utilisateur introuvable');
      const folder = await insertTestFolder(app.db, member.companyId, { ownerId: member.userId });
      return reply.code(201).send({ id: folder.id, plate: formatPlate(folder.plate), number: folder.number });
    },
  );
};
