import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { poolCountersOf } from '../../db/pool-counters';
import { presentsBearer } from '../../lib/bearer-token';

/** What a module may add to the scrape: a figure read at scrape time (open streams, a queue's length…). */
export interface AppMetrics {
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus figures, or null when `METRICS_TOKEN` is not set (no metrics, `/api/metrics` is a 404). */
    metrics: AppMetrics | null;
  }
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/*
 * `GET /api/metrics` in Prometheus' text format, for an operator's scraper only: the route exists when
 * `METRICS_TOKEN` is set and answers the token as a Bearer; anyone else gets the same 404 as an unknown address, so
 * nothing tells the metrics are there. Requests are counted per route pattern (`/api/folder/:id`, never the
 * address: a label per folder would grow without end) and status class.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.config.metricsToken;
    if (!token) {
      app.decorate('metrics', null);
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const labelNames = ['method', 'route', 'status_class'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requêtes traitées, par route et classe de statut',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Durée des requêtes (secondes), par route et classe de statut',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const serverErrors = new Counter({
      name: 'http_server_errors_total',
      help: 'Réponses 5xx, par route',
      labelNames: ['method', 'route'] as const,
      registers: [registry],
    });

    const metrics: AppMetrics = {
      gauge(name, help, read) {
        new Gauge({
          name,
          help,
          registers: [registry],
          async collect() {
            this.set(await read());
          },
        });
      },
    };
    app.decorate('metrics', metrics);

    // The mail dispatcher's backlog, read at scrape time (the partial index of pending mails serves both).
    const pendingMails = async () =>
      (
        (await app.db.execute(
          sql`select count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as age
              from outbox where channel = 'mail' and sent_at is null`,
        )) as unknown as { rows: { count: number; age: number | null }[] }
      ).rows[0];
    metrics.gauge('outbox_unsent_mails', 'Mails de l’outbox pas encore envoyés', async () => {
      return (await pendingMails())?.count ?? 0;
    });
    metrics.gauge(
      'outbox_oldest_unsent_mail_age_seconds',
      'Âge du plus ancien mail non envoyé (secondes)',
      async () => {
        return (await pendingMails())?.age ?? 0;
      },
    );

    // PostgreSQL only: node-postgres' pool. PGlite runs in the process with no pool, so nothing to report there.
    const client = poolCountersOf(app.db);
    if (client) {
      metrics.gauge('db_pool_connections', 'Connexions ouvertes du pool PostgreSQL', () => client.totalCount);
      metrics.gauge('db_pool_idle_connections', 'Connexions libres du pool PostgreSQL', () => client.idleCount);
      metrics.gauge('db_pool_waiting_requests', 'Requêtes en attente d’une connexion', () => client.waitingCount);
    }

    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        // Unknown addresses share one label: a scanner must not create a series per path it tries.
        route: request.routeOptions.url ?? 'unmatched',
        status_class: statusClass(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode >= 500) serverErrors.inc({ method: labels.method, route: labels.route });
    });

    app.get('/api/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      if (!presentsBearer(request.headers.authorization, token)) return reply.callNotFound();
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
