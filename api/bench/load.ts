/**
 * `pnpm bench:load`: the whole API under a mixed workload on 1,000,000 folders, then at twice its
 * saturation rate. Printed, never asserted (exit code 1 only if the run itself fails):
 *
 *   1. bare Fastify (one JSON route, same machine, same client) beside the full stack's liveness route: what the
 *      framework costs against what our plugins add;
 *   2. the mixed workload, closed loop (each caller sends again once answered, so the server is saturated): folder
 *      list and search as a garage with 20,000 folders, quote saved, invoice saved then issued (the inalterable
 *      chain), payment, with event streams open all along: per route count, errors, p50/p95/p99, the error rate;
 *   3. twice that throughput, open loop (calls arrive whatever the answers): how many were served, how many shed
 *      with a fast 503 + Retry-After, how many got nothing;
 *   4. the time until the server answers as before once the overload stops, and the chains still verify.
 *
 *   pnpm bench:load   [BENCH_FOLDERS=1000000 BENCH_LOAD_SECONDS=30 BENCH_OVERLOAD_SECONDS=15 BENCH_STREAMS=100]
 *
 * PostgreSQL only (the production driver at this size): DATABASE_URL if set (a database `bench_load` is created in
 * it and dropped afterwards), otherwise bench/load.sh starts a throw-away cluster (scripts/with-postgres.sh).
 * The API runs as its own process (`src/server.ts`), as in production; the client runs in this one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD, FOLDER_LIST_COLUMNS } from 'contracts';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/demo/seed';
import { verifyChain } from '../src/modules/ledger/integrity';
import { fillFolders } from './folders-fill';
import { int, openDatabase, percentile, rowsOf, seconds } from './harness';
import { type Answer, type Call, closedLoop, openLoop, openStreams, type Route, send, type Tally } from './load-client';

const TOTAL = Number(process.env.BENCH_FOLDERS ?? 1_000_000);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 15);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 100);
const API_PORT = 4610;
const BARE_PORT = 4611;
const API = `http://127.0.0.1:${API_PORT}`;
const BARE = `http://127.0.0.1:${BARE_PORT}`;
/** The garage whose staff list and search (the 7th of 50: about TOTAL / 50 folders). */
const SCOPE_SLOT = 7;
const DEMO_ADMIN = 'poseur.admin@demo.garage.fr';
/** A fitter of the same garage: his comments notify the admin. */
const DEMO_FITTER = 'poseur@demo.garage.fr';
const TSX = join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fixed = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : '—');

let stopping = false;

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(TSX, [script], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`  ${script} stopped (${code ?? signal})`);
  });
  return child;
}

async function waitFor(url: string, limitMs = 120_000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await send(url, { method: 'GET', path: '' })).status === 200) return;
    await sleep(250);
  }
  throw new Error(`${url} never answered`);
}

/** Signs in and answers the session cookies (name=value pairs of Set-Cookie). */
async function signIn(email: string): Promise<string> {
  const answer = await send(API, { method: 'POST', path: '/api/login', json: { email, password: DEMO_PASSWORD } });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${answer.body}`);
  return (answer.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
}

const COLUMNS_MAP = encodeURIComponent(JSON.stringify(FOLDER_LIST_COLUMNS));
const listCall = (cookie: string, page: number): Call => ({
  method: 'GET',
  path: `/api/folder/list/all?page=${page}&pageSize=25&columnsMap=${COLUMNS_MAP}`,
  cookie,
});

/** A quote or an invoice as the form sends it: a buyer with a full address (an invoice's issue needs it), two lines. */
const documentBody = (customer: string) => ({
  customer: { name: customer, address: '3 place Bellecour', postalCode: '69002', city: 'Lyon' },
  lines: [
    { title: 'Pare-brise athermique', quantity: 1, preTaxAmount: '420,00', position: 1 },
    { title: 'Kit de collage', quantity: 1, preTaxAmount: '35,50', position: 2 },
  ],
});

const idOf = (answer: Answer) => (JSON.parse(answer.body) as { id: number }).id;

/** Invoices issued before the run, for the payments to fall on. */
async function issuedInvoices(cookie: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await send(API, {
      method: 'POST',
      path: '/api/quotation/new/invoice',
      cookie,
      json: documentBody(`Client charge ${index + 1}`),
    });
    if (created.status !== 201) throw new Error(`invoice: ${created.status} ${created.body}`);
    const issued = await send(API, { method: 'POST', path: `/api/quotation/${idOf(created)}/issue`, cookie });
    if (issued.status !== 200) throw new Error(`issue: ${issued.status} ${issued.body}`);
    ids.push(idOf(created));
  }
  return ids;
}

/** The mixed workload: reads by the many, writes by the few, as a garage's day has them. */
function workload(
  staff: string,
  admin: string,
  fitter: { cookie: string; folderId: number },
  samples: { plate: string; last_name: string }[],
  invoices: number[],
) {
  let turn = 0;
  const next = () => {
    turn += 1;
    return turn;
  };
  const timed = (name: string, callers: number, call: () => Call): Route => ({
    name,
    callers,
    run: async (base, record) => record(name, await send(base, call())),
  });
  const routes: Route[] = [
    timed('GET /api/folder/list/all', 8, () => listCall(staff, 1 + (next() % 4))),
    timed('POST /api/folder/app/search', 8, () => {
      const sample = samples[next() % samples.length] as { plate: string; last_name: string };
      const search = turn % 2 === 0 ? sample.plate.slice(0, 5) : sample.last_name;
      return { method: 'POST', path: '/api/folder/app/search', cookie: staff, json: { companyId: 0, search } };
    }),
    timed('POST /api/quotation/new/quotation', 2, () => ({
      method: 'POST',
      path: '/api/quotation/new/quotation',
      cookie: admin,
      json: documentBody(`Devis charge ${next()}`),
    })),
    {
      name: 'facture créée puis émise',
      callers: 2,
      run: async (base, record) => {
        const created = await send(base, {
          method: 'POST',
          path: '/api/quotation/new/invoice',
          cookie: admin,
          json: documentBody(`Facture charge ${next()}`),
        });
        record('POST /api/quotation/new/invoice', created);
        if (created.status !== 201) return;
        record(
          'POST /api/quotation/:id/issue',
          await send(base, { method: 'POST', path: `/api/quotation/${idOf(created)}/issue`, cookie: admin }),
        );
      },
    },
    // A fitter's comment on a folder: the garage admin's open streams (the bell) get each one.
    timed('POST /api/comment/add/:id', 1, () => ({
      method: 'POST',
      path: `/api/comment/add/${fitter.folderId}`,
      cookie: fitter.cookie,
      json: { kind: 'comment', content: `<p>Pare-brise posé, contrôle ${next()}</p>` },
    })),
    timed('POST /api/paiement', 2, () => ({
      method: 'POST',
      path: '/api/paiement',
      cookie: admin,
      json: { invoiceId: invoices[next() % invoices.length], amount: 0.01, type: 'card' },
    })),
  ];
  return routes;
}

function row(name: string, tally: Tally, seconds: number) {
  const { p50, p95, p99 } = tally.percentiles();
  return {
    route: name,
    'appels/s': Math.round(tally.count / seconds),
    appels: tally.count,
    erreurs: tally.failures,
    'p50 ms': fixed(p50),
    'p95 ms': fixed(p95),
    'p99 ms': fixed(p99),
    statuts: tally.statusText(),
  };
}

const total = (tallies: Map<string, Tally>) => [...tallies.values()].reduce((sum, tally) => sum + tally.count, 0);
const failures = (tallies: Map<string, Tally>) => [...tallies.values()].reduce((sum, tally) => sum + tally.failures, 0);

async function main() {
  console.log(
    `load benchmark: ${int(TOTAL)} folders, ${LOAD_SECONDS} s mixed load, ${OVERLOAD_SECONDS} s at twice its rate, ${STREAMS} event streams`,
  );
  const opened = await openDatabase('postgres', 'load');
  const { db } = opened.handle;
  const children: ChildProcess[] = [];
  try {
    let started = performance.now();
    await seedDemo(db);
    console.log(`  demo seeded: ${seconds(started)}`);
    const filled = await fillFolders(db, { label: 'postgres', total: TOTAL, batch: 100_000 });
    // The bench garages' staff sign in with the demo password (their rows were written with a placeholder).
    await db.execute(sql`update users set password_hash = (select password_hash from users where email = ${DEMO_ADMIN})
      where email like 'bench.%@bench.local'`);
    const companyId = filled.companyIds[SCOPE_SLOT - 1] as number;
    const samples = rowsOf<{ plate: string; last_name: string }>(
      await db.execute(sql`select plate, last_name from folders where company_id = ${companyId}
        order by md5(id::text) limit 500`),
    );

    const databaseUrl = new URL(process.env.DATABASE_URL as string);
    databaseUrl.pathname = '/bench_load';
    children.push(
      start('src/server.ts', {
        NODE_ENV: 'production',
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-load-')),
        LOG_LEVEL: 'warn',
        // One client address sends everything: the per-address limits would measure themselves.
        RATE_LIMIT_MAX: '100000000',
        LOGIN_RATE_LIMIT_MAX: '1000',
      }),
      start('bench/bare-fastify.ts', { PORT: String(BARE_PORT) }),
    );
    started = performance.now();
    await waitFor(`${API}/api/health/ready`);
    await waitFor(`${BARE}/`);
    console.log(`  API and bare Fastify up: ${seconds(started)}`);

    const staff = await signIn(`bench.${SCOPE_SLOT}.1@bench.local`);
    const admin = await signIn(DEMO_ADMIN);
    const invoices = await issuedInvoices(admin, 40);
    const [garage] = rowsOf<{ company_id: number }>(
      await db.execute(sql`select company_id from billing_documents where id = ${invoices[0] as number}`),
    );
    const garageId = garage?.company_id as number;
    const [demoFolder] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from folders where company_id = ${garageId} order by id limit 1`),
    );
    const fitter = { cookie: await signIn(DEMO_FITTER), folderId: demoFolder?.id as number };
    const routes = workload(staff, admin, fitter, samples, invoices);

    // 1. Framework cost.
    const probe = (name: string, path: string): Route => ({
      name,
      callers: 32,
      run: async (url, record) => record(name, await send(url, { method: 'GET', path })),
    });
    const bare = await closedLoop(BARE, [probe('Fastify nu : GET /', '/')], 10);
    const live = await closedLoop(API, [probe('API complète : GET /api/health/live', '/api/health/live')], 10);

    // 2. Mixed workload, saturated.
    const streams = openStreams(API, admin, STREAMS);
    await sleep(1000);
    const mixed = await closedLoop(API, routes, LOAD_SECONDS);
    const mixedRate = total(mixed) / LOAD_SECONDS;
    const streamsAfterLoad = streams.state();

    // 3. Twice the saturation rate.
    const overload = await openLoop(API, routes, 2 * mixedRate, OVERLOAD_SECONDS);

    // 4. Back to normal: a folder list answered within the p95 it had under the normal load.
    const listP95 = mixed.get('GET /api/folder/list/all')?.percentiles().p95 ?? 100;
    const stoppedAt = performance.now();
    let recoveredMs = Number.NaN;
    while (performance.now() - stoppedAt < 30_000) {
      const answer = await send(API, listCall(staff, 1));
      if (answer.status === 200 && answer.ms <= Math.max(listP95, 20)) {
        recoveredMs = performance.now() - stoppedAt;
        break;
      }
      await sleep(100);
    }
    // Give the last comments' events time to arrive before counting them.
    await sleep(1000);
    const streamsAtEnd = streams.state();
    const comments = [mixed, overload.tallies].reduce(
      (sum, tallies) => sum + (tallies.get('POST /api/comment/add/:id')?.between(201, 201) ?? 0),
      0,
    );
    streams.close();

    console.log('\n1. Coût du cadre (10 s chacun, 32 appelants)');
    console.table([
      ...[...bare].map(([name, tally]) => row(name, tally, 10)),
      ...[...live].map(([name, tally]) => row(name, tally, 10)),
    ]);

    console.log(
      `\n2. Charge mixte saturante (${LOAD_SECONDS} s, ${routes.reduce((n, r) => n + r.callers, 0)} appelants, ${STREAMS} flux SSE ouverts)`,
    );
    console.table([...mixed].map(([name, tally]) => row(name, tally, LOAD_SECONDS)));
    const errorRate = (100 * failures(mixed)) / Math.max(1, total(mixed));
    console.log(
      `  débit de la pile complète : ${Math.round(mixedRate)} appels/s (Fastify nu : ${Math.round(total(bare) / 10)} appels/s sur une route vide)` +
        ` ; taux d’erreur ${errorRate.toFixed(3)} % (objectif < 0,1 %)` +
        ` ; flux SSE ouverts à la fin : ${streamsAfterLoad.open}/${STREAMS}, coupés : ${streamsAfterLoad.dropped}`,
    );

    console.log(
      `\n3. Surcharge : ${Math.round(2 * mixedRate)} appels/s pendant ${OVERLOAD_SECONDS} s (boucle ouverte)`,
    );
    console.table([...overload.tallies].map(([name, tally]) => row(name, tally, OVERLOAD_SECONDS)));
    const every = [...overload.tallies.values()];
    const sum = (of: (tally: Tally) => number) => every.reduce((n, tally) => n + of(tally), 0);
    const answered = sum((tally) => tally.count);
    const shed = sum((tally) => tally.between(503, 503));
    const served = sum((tally) => tally.between(200, 299));
    const nothing = sum((tally) => tally.between(0, 0));
    const shedWithRetryAfter = sum((tally) => tally.shedWithRetryAfter);
    const shedTimes = every.flatMap((tally) => tally.shedTimes).sort((a, b) => a - b);
    const other = answered - shed - served - nothing;
    console.log(
      `  appels ${answered} (non envoyés, générateur plein : ${overload.skipped}) : servis ${served}, délestés 503 ${shed}` +
        ` (dont ${shedWithRetryAfter} avec Retry-After, p95 ${fixed(percentile(shedTimes, 95))} ms), sans réponse ${nothing}, autres ${other}`,
    );

    console.log(
      `\n4. Retour à la normale ${Number.isNaN(recoveredMs) ? 'NON ATTEINT en 30 s' : `${Math.round(recoveredMs)} ms`} après la surcharge` +
        ` (une liste servie en moins de ${fixed(Math.max(listP95, 20))} ms, son p95 sous charge normale)` +
        ` ; flux SSE ouverts : ${streamsAtEnd.open}/${STREAMS}, évènements reçus : ${streamsAtEnd.events}` +
        ` pour ${comments * STREAMS} attendus (${comments} commentaires × ${STREAMS} flux)`,
    );
    const chain = await verifyChain(db, garageId);
    console.log(
      `  chaîne inaltérable du garage de démo : ${chain.valid ? 'intègre' : 'ROMPUE'}, ${chain.checked} maillons vérifiés`,
    );
  } finally {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await sleep(500);
    await opened.dispose();
  }
}

await main();
