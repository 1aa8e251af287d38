import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_SHEDDING } from '../../config';
import { poolCountersOf } from '../../db/pool-counters';
import { httpError } from '../../lib/http-error';

export const OVERLOADED_MESSAGE = 'Le serveur est très chargé : réessayez dans quelques secondes.';
/** Seconds a client should wait before trying again (`Retry-After`); the browser's client honours it. */
export const RETRY_AFTER_SECONDS = 2;
/** How often the event loop and the pool are looked at: short, so shedding starts and stops within a second. */
const SAMPLE_MS = 250;

/** What is never shed: liveness (an orchestrator would restart a busy but healthy process), metrics, page files. */
const neverShed = (request: FastifyRequest) =>
  !request.url.startsWith('/api/') || request.url.startsWith('/api/health/live') || request.url === '/api/metrics';

/*
 * Load shedding (issue 23): when the process is saturated, a call to /api gets at once a 503 « Le serveur est très
 * chargé » with `Retry-After` instead of waiting in a queue until every call times out. Saturated means the event
 * loop lags (mean delay over the last sample: JSON, PDFs, PGlite's queries all run on it) or, on PostgreSQL, too
 * many calls wait for one of the pool's connections (the database is the bottleneck, the event loop is idle).
 * Both are sampled every 250 ms, so shedding ends within a second once the load falls.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance) => {
    const shedding = app.config.shedding ?? DEFAULT_SHEDDING;
    if (shedding === false) return;
    const pool = poolCountersOf(app.db);
    // The start's own work (migrations, the chain backfill, the closings of the night) lags the loop before the
    // server listens; the samples that saw it are not load. Two fresh samples after ready, then shed.
    let readyAt = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      readyAt = Date.now();
    });
    const starting = () => Date.now() - readyAt < 2 * SAMPLE_MS;
    await app.register(underPressure, {
      sampleInterval: SAMPLE_MS,
      maxEventLoopDelay: shedding.maxEventLoopDelayMs,
      retryAfter: RETRY_AFTER_SECONDS,
      ...(pool && {
        healthCheck: async () => pool.waitingCount <= shedding.maxPoolWaiting,
        healthCheckInterval: SAMPLE_MS,
      }),
      // Resolving lets the request through; throwing hands the 503 to the error handler (French body, request id).
      pressureHandler: async (request, reply) => {
        if (neverShed(request) || starting()) return;
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw httpError(503, OVERLOADED_MESSAGE);
      },
    });
  },
  { name: 'load-shedding' },
);
