import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { FOLDER_LIST_COLUMNS } from 'contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db';
import { seedDemo } from '../../src/demo/seed';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/lib/database-input-error';
import { listeningOrigin, type RealServer, signIn, startServer } from './real-server';

/*
 * Chaos: PostgreSQL restarted under load. A cluster of this test's own (the suite's is shared by the other
 * files) serves the real server (`src/server.ts`) while writers save quotes and readers list folders; the cluster is
 * stopped as a crash stops it (`-m immediate`: WAL recovery at the next start), kept down 3 s, started again. Only
 * calls made while it is down fail, each with a 503 in French and Retry-After (never a 500, the process never
 * dies); calls succeed again within 5 s of the start; every quote acknowledged is there, none is half written.
 */

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PORT = Number(process.env.PGPORT ?? 55432) + 7;
const CUSTOMER = 'Client redémarrage PostgreSQL';
const DOWN_MS = 3000;

let base: string;
let dataDir: string;
let socketDir: string;
let server: RealServer | undefined;

/** pg_ctl and initdb refuse root: run them as `postgres` when the tests run as root. */
function asPostgres(command: string, args: string[]) {
  const line = [join(PG_BIN, command), ...args].map((part) => `'${part}'`).join(' ');
  if (userInfo().username === 'postgres') execFileSync('bash', ['-c', line], { stdio: 'ignore' });
  else execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', line], { stdio: 'ignore' });
}
const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, '-w', ...args]);
const startCluster = () =>
  pgCtl('-l', join(dataDir, 'server.log'), 'start', '-o', `-p ${PORT} -c listen_addresses=127.0.0.1 -k ${socketDir}`);

const url = `postgres://postgres@127.0.0.1:${PORT}/postgres`;

beforeAll(async () => {
  base = mkdtempSync('/tmp/api-pg-restart-');
  dataDir = join(base, 'data');
  socketDir = join(base, 'sock');
  execFileSync('mkdir', ['-p', dataDir, socketDir]);
  if (userInfo().username !== 'postgres') {
    const postgres = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    for (const dir of [base, dataDir, socketDir]) chownSync(dir, postgres, postgres);
  }
  asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  startCluster();
  const handle: DatabaseHandle = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await seedDemo(handle.db);
  await handle.close();
  // One client address sends the whole load: the per-address limit would answer instead of the server.
  server = await startServer({ DATABASE_URL: url, STATIC_DIR: join(base, 'static'), RATE_LIMIT_MAX: '1000000' });
}, 240_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
  try {
    pgCtl('-m', 'immediate', 'stop');
  } catch {
    // Already stopped.
  }
  rmSync(base, { recursive: true, force: true });
});

interface Outcome {
  at: number;
  status: number;
  message?: string;
  retryAfter?: string | null;
  id?: number;
}

async function call(input: string, init: RequestInit): Promise<Outcome> {
  const at = Date.now();
  try {
    const answer = await fetch(input, init);
    const body = (await answer.json().catch(() => undefined)) as { id?: number; message?: string } | undefined;
    return {
      at,
      status: answer.status,
      message: body?.message,
      retryAfter: answer.headers.get('retry-after'),
      id: body?.id,
    };
  } catch {
    return { at, status: 0 };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL restarted under load', () => {
  it('fails only the calls made while it is down, with a French 503, and comes back within 5 s, nothing half written', async () => {
    if (!server) throw new Error('no server');
    const origin = listeningOrigin(server);
    const cookie = await signIn(origin, 'poseur.admin@demo.garage.fr');
    const quote = (index: number) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        customer: { name: CUSTOMER, address: '3 place Bellecour', postalCode: '69002', city: 'Lyon' },
        lines: [
          { title: `Pare-brise ${index}`, quantity: 1, preTaxAmount: '420,00', position: 1 },
          { title: 'Kit de collage', quantity: 1, preTaxAmount: '35,50', position: 2 },
        ],
      }),
    });
    const list = `${origin}/api/folder/list/all?page=1&pageSize=25&columnsMap=${encodeURIComponent(JSON.stringify(FOLDER_LIST_COLUMNS))}`;

    const outcomes: Outcome[] = [];
    let running = true;
    let sent = 0;
    const loop = (next: () => Promise<Outcome>) => async () => {
      while (running) {
        sent += 1;
        outcomes.push(await next());
        // Keep a steady load without saturating the two cores the suite shares.
        await sleep(20);
      }
    };
    const workers = [
      loop(() => call(`${origin}/api/quotation/new/quotation`, quote(sent))),
      loop(() => call(`${origin}/api/quotation/new/quotation`, quote(sent))),
      loop(() => call(list, { headers: { cookie } })),
      loop(() => call(list, { headers: { cookie } })),
    ].map((worker) => worker());

    await sleep(2000);
    const stoppedAt = Date.now();
    pgCtl('-m', 'immediate', 'stop');
    const stoppedDone = Date.now();
    await sleep(DOWN_MS / 2);
    const liveWhileDown = await call(`${origin}/api/health/live`, {});
    const readyWhileDown = await call(`${origin}/api/health/ready`, {});
    await sleep(DOWN_MS / 2);
    startCluster();
    const startedAt = Date.now();
    await sleep(8000);
    running = false;
    await Promise.all(workers);

    // Still running; if not, why it stopped (its last warnings and errors).
    expect(
      server.process.exitCode,
      JSON.stringify(server.logs.filter((line) => (line.level ?? 0) >= 40).slice(-10)),
    ).toBeNull();
    expect(liveWhileDown.status).toBe(200);
    expect(readyWhileDown.status).toBe(503);

    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 299);
    expect(failed.length).toBeGreaterThan(0);
    // Every failure is the database's 503, said in French, with a time to come back.
    expect(failed.filter((outcome) => outcome.status !== 503)).toEqual([]);
    for (const outcome of failed) {
      expect(outcome.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      expect(outcome.retryAfter).toBe('2');
    }
    // Failures only while it was down (a call sent just before the stop may fail with it) and in the 5 s after.
    expect(failed.filter((outcome) => outcome.at < stoppedAt - 1000 || outcome.at > startedAt + 5000)).toEqual([]);
    const firstSuccess = outcomes.find((outcome) => outcome.at >= startedAt && outcome.status < 300);
    expect(firstSuccess).toBeDefined();
    const recoveredMs = (firstSuccess?.at ?? Number.NaN) - startedAt;
    expect(recoveredMs).toBeLessThan(5000);

    // Every acknowledged quote is there with its two lines; no quote of the run is half written.
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.id as number);
    const handle = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
    try {
      const rows = (await handle.db.execute(sql`select d.id, count(l.id)::int as lines from billing_documents d
          left join billing_document_lines l on l.document_id = d.id
        where d.customer->>'name' = ${CUSTOMER} group by d.id`)) as unknown as {
        rows: { id: number; lines: number }[];
      };
      const present = new Set(rows.rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
      expect(rows.rows.filter((row) => row.lines !== 2)).toEqual([]);
    } finally {
      await handle.close();
    }
    console.log(
      `PostgreSQL redémarré sous charge : ${outcomes.length} appels, ${failed.length} en 503 « base indisponible »` +
        ` (arrêt ${stoppedDone - stoppedAt} ms, coupure ${DOWN_MS} ms), appels servis à nouveau ${recoveredMs} ms après le démarrage` +
        ` ; ${acknowledged.length} devis acquittés, tous présents avec leurs deux lignes`,
    );
  }, 120_000);
});
