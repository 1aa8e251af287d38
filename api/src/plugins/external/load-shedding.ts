import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_SHEDDING } from '../../config';
import { poolCountersOf } from '../../db/pool-counters';
import { unavailable } from '../../lib/domain-error';

export const OVERLOADED_MESSAGE = 'Le serveur est très chargé : réessayez dans quelques secondes.';
/** Seconds a client should wait before trying again (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 2;
/** How often the event loop and the pool are looked at. */
export const SAMPLE_MS = 250;
/** Samples over the limit in a row before shedding: saturation lasts, one long task (a big PDF, a slow query) does not. */
export const SUSTAINED_SAMPLES = 3;

/** What is never shed: liveness (an orchestrator would restart a busy but healthy process), metrics, page files. */
const neverShed = (request: FastifyRequest) =>
  !request.url.startsWith('/api/') || request.url.startsWith('/api/health/live') || request.url === '/api/metrics';

/*
 * Load shedding: when the process stays saturated, a call to /api gets at once a 503 « Le serveur est très
 * chargé » with `Retry-After` instead of waiting in a queue until every call times out. Saturated means, for three
 * samples of 250 ms in a row, that the event loop lags (mean delay: JSON, PDFs, PGlite's queries all run on it) or,
 * on PostgreSQL, that too many calls wait for one of the pool's connections (the database is the bottleneck, the
 * event loop idle). One sample under the limits ends it: shedding stops within 250 ms once the load falls.
 * (`@fastify/under-pressure` sheds on a single sample: one long synchronous task, ordinary with the embedded
 * database, shed the calls of the browser suite that came right after it.)
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance) => {
    const shedding = app.config.shedding ?? DEFAULT_SHEDDING;
    if (shedding === false) return;
    const pool = poolCountersOf(app.db);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let overInARow = 0;
    const sampler = setInterval(() => {
      const meanMs = delay.mean / 1e6;
      delay.reset();
      const over = meanMs > shedding.maxEventLoopDelayMs || (pool?.waitingCount ?? 0) > shedding.maxPoolWaiting;
      overInARow = over ? overInARow + 1 : 0;
    }, SAMPLE_MS);
    sampler.unref();
    app.addHook('onClose', async () => {
      clearInterval(sampler);
      delay.disable();
    });

    // First among the hooks: a shed call costs a header and a small body (no cookie, no session read).
    app.addHook('onRequest', async (request, reply) => {
      if (overInARow < SUSTAINED_SAMPLES || neverShed(request)) return;
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw unavailable(OVERLOADED_MESSAGE);
    });
  },
  { name: 'load-shedding' },
);
