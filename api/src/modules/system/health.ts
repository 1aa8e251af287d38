import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../db';

/*
 * Health for an orchestrator or a load balancer: `live` says the process answers (restart it if not);
 * `ready` says it can serve: the database answers and every migration this build ships is applied (send it traffic
 * only then). Public, no personal data, never cached.
 */

const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.boolean(),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
});

/** How many migrations this build ships (drizzle's journal). */
const expectedMigrations = (): number =>
  (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries
    .length;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = expectedMigrations();

  app.get(
    '/api/health/live',
    { schema: { tags: ['system'], summary: 'The process answers', response: { 200: liveSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers and every migration is applied (503 otherwise)',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      let applied = 0;
      let database = false;
      try {
        const result = (await app.db.execute(
          sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { applied: number }[] };
        applied = result.rows[0]?.applied ?? 0;
        database = true;
      } catch (error) {
        app.log.warn({ err: error }, 'readiness: database unavailable');
      }
      const ready = database && applied >= expected;
      reply.code(ready ? 200 : 503);
      return {
        status: ready ? ('ok' as const) : ('unavailable' as const),
        database,
        migrations: { applied, expected },
      };
    },
  );
};
