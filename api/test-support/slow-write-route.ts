import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../src/db/schema';

/*
 * TEST ONLY (test servers alone register it): a request that holds a transaction open for `ms` milliseconds after writing a row,
 * so the shutdown test can send SIGTERM while it runs and then find its row committed.
 */
export const slowWriteRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/slow-write',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: writes an SMS row to the outbox inside a transaction held open for `ms`',
        body: z.object({ to: z.string().min(1).max(100), ms: z.number().int().min(0).max(30_000) }),
        response: { 201: z.object({ id: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(outbox)
          .values({ channel: 'sms', to: request.body.to, body: 'écriture lente (test)' })
          .returning({ id: outbox.id });
        await sleep(request.body.ms);
        return row?.id ?? 0;
      });
      return reply.code(201).send({ id });
    },
  );
};
