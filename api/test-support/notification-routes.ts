import { errorBodySchema, testCreateNotificationBodySchema } from 'contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberships, users } from '../src/db/schema';
import { notFound } from '../src/lib/domain-error';
import { createNotifications } from '../src/modules/notifications/publish';

/**
 * Browser tests need to make the server produce a notification on demand.
 * Only the test servers register it (test-support/modules.ts): the product's build does not contain it.
 */
export const notificationTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/notifications/test-create',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: create a notification for a user (by e-mail), announced like any other',
        body: testCreateNotificationBodySchema,
        response: {
          201: z.object({ id: z.number().int(), userId: z.number().int(), companyId: z.number().int() }),
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
      if (!user) throw notFound('Utilisateur introuvable');
      const [membership] = await app.db
        .select({ companyId: memberships.companyId })
        .from(memberships)
        .where(
          body.companyId === undefined
            ? eq(memberships.userId, user.id)
            : and(eq(memberships.userId, user.id), eq(memberships.companyId, body.companyId)),
        )
        .orderBy(asc(memberships.companyId))
        .limit(1);
      if (!membership) throw notFound('Société introuvable pour cet utilisateur');
      const [id] = await createNotifications(app.db, [
        {
          userId: user.id,
          companyId: membership.companyId,
          content: body.content,
          typeFolder: body.typeFolder,
          folderId: body.folderId ?? null,
          folderTitle: body.folderTitle ?? null,
        },
      ]);
      return reply.code(201).send({ id: id as number, userId: user.id, companyId: membership.companyId });
    },
  );
};
