import { SESSION_COOKIE } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessions } from '../src/db/schema';
import { hashToken } from '../src/modules/auth/sessions';

/*
 * TEST ONLY (test servers alone register it): closes the access window of the caller's session, as fifteen minutes
 * of an idle tab would, so a browser test can prove the page renews the session before its next call (no 401).
 * The refresh window stays open: the session can still be renewed.
 */
export const sessionWindowRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/session-window-closed',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: closes the access window of the session whose cookie comes with the request',
        response: { 204: z.null(), 404: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE] ?? '';
      const closed = await app.db
        .update(sessions)
        .set({ accessExpiresAt: new Date(Date.now() - 1_000) })
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ id: sessions.id });
      if (closed.length === 0) return reply.code(404).send({ message: 'Session introuvable' });
      return reply.code(204).send(null);
    },
  );
};
