/**
 * SSE delivery latency: one API instance on a throw-away PGlite, 1,000 open
 * event streams (1,000 users, one session each), notifications produced at a
 * steady rate through the real path (insert + NOTIFY in one transaction ->
 * LISTEN -> hub -> stream). Latency = from just before the insert to the
 * client having parsed the event. Clients run in the same process (their cost
 * is included in both the latencies and the memory figures).
 *
 *   pnpm --filter api bench:sse   [STREAMS=1000 NOTIFICATIONS=1000 RATE=50]
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { READY_STREAM_EVENT, SESSION_COOKIE } from 'contracts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db';
import { companies, memberships, sessions, users } from '../src/db/schema';
import { ACCESS_LIFETIME_MS, hashToken, REFRESH_LIFETIME_MS } from '../src/modules/auth/sessions';
import { createNotifications } from '../src/modules/notifications/publish';

const STREAMS = Number(process.env.STREAMS ?? 1000);
const NOTIFICATIONS = Number(process.env.NOTIFICATIONS ?? 1000);
/** Notifications per second. */
const RATE = Number(process.env.RATE ?? 50);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const started = performance.now();
  const handle = await createDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  const { db } = handle;
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: 'memory://' }),
    logLevel: 'silent',
    port: 0,
    staticDir: '/nonexistent',
  };

  // 1,000 users of one company, one session each, written directly (no scrypt, no login rate limit).
  const [company] = await db.insert(companies).values({ name: 'Bench Garage' }).returning({ id: companies.id });
  if (!company) throw new Error('no company');
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: STREAMS }, (_, i) => ({
        email: `bench${i}@bench.local`,
        name: `Bench ${i}`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(memberships)
    .values(people.map((p) => ({ userId: p.id, companyId: company.id, roles: ['ROLE_POSEUR'] })));
  const tokens = people.map(() => randomBytes(32).toString('base64url'));
  const now = Date.now();
  await db.insert(sessions).values(
    people.map((p, i) => ({
      tokenHash: hashToken(tokens[i] as string),
      userId: p.id,
      selectedCompanyId: company.id,
      accessExpiresAt: new Date(now + ACCESS_LIFETIME_MS),
      refreshExpiresAt: new Date(now + REFRESH_LIFETIME_MS),
    })),
  );

  const app = await buildApp({ db, pubsub: handle.pubsub, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  global.gc?.();
  const before = process.memoryUsage();
  console.log(
    `setup ${((performance.now() - started) / 1000).toFixed(1)} s; baseline rss ${mb(before.rss)}, heap ${mb(before.heapUsed)}`,
  );

  // Plain http streams: an agent with no socket limit, one socket per stream.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const latencies: number[] = [];
  let received = 0;
  let connectedCount = 0;
  const requests: http.ClientRequest[] = [];

  const openStream = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/notifications/stream',
          agent,
          headers: { cookie: `${SESSION_COOKIE}=${tokens[i]}`, accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${i}: ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf('\n\n');
              if (block.startsWith(`event: ${READY_STREAM_EVENT}\n`)) {
                connectedCount += 1;
                resolve();
                continue;
              }
              const data = block.split('\n').find((line) => line.startsWith('data: '));
              if (!data) continue;
              const { content } = JSON.parse(data.slice(6)) as { content: string };
              const t0 = Number(/t0=([\d.]+)/.exec(content)?.[1]);
              latencies.push(performance.now() - t0);
              received += 1;
            }
          });
        },
      );
      req.on('error', reject);
      requests.push(req);
    });

  const openStarted = performance.now();
  for (let batch = 0; batch < STREAMS; batch += 100) {
    await Promise.all(Array.from({ length: Math.min(100, STREAMS - batch) }, (_, k) => openStream(batch + k)));
  }
  global.gc?.();
  const open = process.memoryUsage();
  console.log(
    `${connectedCount} streams open in ${((performance.now() - openStarted) / 1000).toFixed(1)} s; rss ${mb(open.rss)} (+${mb(open.rss - before.rss)}), heap ${mb(open.heapUsed)} (+${mb(open.heapUsed - before.heapUsed)})`,
  );

  // Steady production: RATE per second, each to a random user.
  const produceStarted = performance.now();
  const interval = 1000 / RATE;
  const pending: Promise<unknown>[] = [];
  for (let n = 0; n < NOTIFICATIONS; n += 1) {
    const due = produceStarted + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const person = people[Math.floor(Math.random() * people.length)];
    if (!person) continue;
    const t0 = performance.now();
    pending.push(
      createNotifications(db, [
        {
          userId: person.id,
          companyId: company.id,
          content: `Bench ${n}<br>Dossier BE-${n}<br>t0=${t0.toFixed(3)}`,
          typeFolder: 'verif',
        },
      ]),
    );
  }
  await Promise.all(pending);
  const deadline = performance.now() + 5000;
  while (received < NOTIFICATIONS && performance.now() < deadline) await sleep(20);
  const produced = (performance.now() - produceStarted) / 1000;
  const peak = process.memoryUsage();

  const sorted = [...latencies].sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`\n${NOTIFICATIONS} notifications at ${RATE}/s over ${STREAMS} streams (${produced.toFixed(1)} s)`);
  console.log(`delivered ${received}/${NOTIFICATIONS}`);
  console.log(
    `latency p50 ${fmt(percentile(sorted, 50))}  p95 ${fmt(percentile(sorted, 95))}  p99 ${fmt(percentile(sorted, 99))}  max ${fmt(sorted.at(-1) ?? NaN)}`,
  );
  console.log(
    `memory (server + clients, one process): rss ${mb(peak.rss)}, heap used ${mb(peak.heapUsed)} / total ${mb(peak.heapTotal)}`,
  );
  const p95 = percentile(sorted, 95);
  console.log(p95 < 1000 && received === NOTIFICATIONS ? 'TARGET MET: p95 < 1 s, nothing lost' : 'TARGET MISSED');

  for (const req of requests) req.destroy();
  agent.destroy();
  await app.close();
  await handle.close();
  process.exit(p95 < 1000 && received === NOTIFICATIONS ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
