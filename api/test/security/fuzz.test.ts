import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';
import { problemsOf, refusalMessage } from './answer-checks';
import { changedTables, databaseDigest } from './database-digest';
import {
  type FuzzMode,
  type FuzzRequest,
  isWrite,
  type Operation,
  operationsOf,
  requestsFor,
} from './openapi-requests';

/*
 * Hostile requests generated from the OpenAPI document (item 2), as the admin of a garage of the test's
 * own: for every operation, wrong types, numbers past every limit, huge and unicode texts, SQL-looking search, sort,
 * filters and columnsMap. Never a 5xx, never internals, every refusal in French; the reads and the refused writes
 * change nothing (a digest of the business tables of every garage before and after).
 *
 * Seeded: the seed is printed, `FUZZ_SEED=<seed>` replays the same requests, `FUZZ_RUNS` sets the requests per
 * operation and phase, `FUZZ_OPERATION='GET /api/folder/{id}'` keeps the operations whose name contains it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const ONLY = process.env.FUZZ_OPERATION;

/** Operations left out, each with its reason. */
const NOT_FUZZED: Record<string, string> = {
  'POST /api/logout': 'ends the session the fuzz runs in',
  'POST /api/token/refresh': 'rotates the session the fuzz runs in (its own tests cover hostile cookies)',
  'GET /api/notifications/stream': 'a server-sent event stream never ends (its own tests cover it)',
};
const isTestOnly = (operation: Operation) =>
  operation.path.startsWith('/api/test/') || operation.path === '/api/notifications/test-create';

/** Writes with no parameter and no body: whatever is sent, they do their job (on the fuzzing user's own rows). */
const ACCEPTED_WHATEVER_IS_SENT = new Set([
  'POST /api/notifications/mark-read',
  'POST /api/notifications/unread-partials',
]);

const nameOf = (operation: Operation) => `${operation.method} ${operation.path}`;

let app: FastifyInstance;
let operations: Operation[];
let cookie: string;
let ownIds: Record<string, string>;
/** Per phase, the answers' statuses and how many of each; the distinct refusal messages. */
const figures = { statuses: new Map<string, Map<number, number>>(), refusals: new Set<string>() };
const READS_AND_REFUSED = 'lectures et écritures refusées';
const HOSTILE_WRITES = 'écritures bien formées au contenu hostile';

beforeAll(async () => {
  // The fuzz sends thousands of requests a minute: the per-client limit would answer 429 to most of them.
  app = await createTestApp({ testRoutes: true, config: { rateLimitMax: 1_000_000 } });
  const owner = await ownTestGarage(app);
  cookie = owner.cookie;
  const folder = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: owner.email } });
  const documentId = await billing(app, cookie).create('quotation');
  const statuses = await app.inject({ url: `/api/company/${owner.companyId}/folder-statuses`, headers: { cookie } });
  const known = await app.inject({ url: `/api/company/${owner.companyId}/known`, headers: { cookie } });
  ownIds = {
    companyId: String(owner.companyId),
    folderId: String((folder.json() as { id: number }).id),
    documentId: String(documentId),
    statusId: String(firstId(statuses.json())),
    knownId: String(firstId(known.json())),
  };
  operations = operationsOf(app.swagger()).filter(
    (operation) =>
      !isTestOnly(operation) && !(nameOf(operation) in NOT_FUZZED) && (!ONLY || nameOf(operation).includes(ONLY)),
  );
  console.info(`fuzz: graine ${SEED} (FUZZ_SEED=${SEED} pour rejouer), ${RUNS} requêtes par opération et phase`);
});
afterAll(async () => {
  await app?.close();
});

function firstId(list: unknown): number {
  const rows = Array.isArray(list) ? list : ((list as { data?: unknown[] }).data ?? []);
  const id = (rows[0] as { id?: number } | undefined)?.id;
  if (!id) throw new Error(`aucun identifiant dans ${JSON.stringify(list).slice(0, 200)}`);
  return id;
}

/** The test garage's own id for a path parameter, by its name and the route's area. */
function validParam(operation: Operation, name: string): string | undefined {
  if (name in ownIds) return ownIds[name];
  if (name !== 'id') return undefined;
  if (/^\/api\/(folder|comment\/add|sign|fitter\/folders)\//.test(operation.path)) return ownIds.folderId;
  if (operation.path.startsWith('/api/quotation/')) return ownIds.documentId;
  if (operation.path === '/api/company/{id}/users') return ownIds.companyId;
  return undefined;
}

const shown = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 300)}${request.payload ? ` ${request.payload.slice(0, 300)}` : ''}`;

async function send(phase: string, request: FuzzRequest) {
  const answer = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const statuses = figures.statuses.get(phase) ?? new Map<number, number>();
  figures.statuses.set(phase, statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1));
  if (answer.statusCode >= 400 && answer.statusCode < 500) {
    // A refusal that is no JSON is reported by the checks; here only the messages are counted.
    figures.refusals.add(answer.body.startsWith('{') ? String(refusalMessage(answer.body)) : answer.body.slice(0, 80));
  }
  return answer;
}

/**
 * Runs `RUNS` generated requests of each operation through `check`; answers every operation's first failure (its
 * shrunk request and what was wrong), so one run shows them all.
 */
async function fuzzEach(
  selected: Operation[],
  modeOf: (operation: Operation) => FuzzMode,
  check: (operation: Operation, request: FuzzRequest) => Promise<string[]>,
): Promise<string[]> {
  const failures: string[] = [];
  for (const operation of selected) {
    const property = fc.asyncProperty(
      requestsFor(operation, modeOf(operation), { cookie, validParam, ownIds: Object.values(ownIds) }),
      async (request) => {
        const problems = await check(operation, request);
        if (problems.length) throw new Error(`${shown(request)}\n    ${problems.join('\n    ')}`);
      },
    );
    const details = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    if (details.failed) {
      const error =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      failures.push(`${nameOf(operation)} (graine ${SEED}, chemin ${details.counterexamplePath}):\n  ${error}`);
    }
  }
  return failures;
}

describe('hostile requests from the OpenAPI document', () => {
  it('reads and refused writes: never a 5xx nor internals, refusals in French, nothing changed', async () => {
    const before = await databaseDigest(app.db);
    const failures = await fuzzEach(
      operations,
      // Reads get hostile and own ids; writes with a JSON body get own ids and a body the contract refuses; writes
      // without one (multipart uploads, actions on an id) only ids that are not the test's.
      (operation) => (!isWrite(operation) ? 'invalid' : operation.body ? 'valid-ids' : 'hostile-ids'),
      async (operation, request) => {
        const answer = await send(READS_AND_REFUSED, request);
        const problems = problemsOf({ statusCode: answer.statusCode, headers: answer.headers, body: answer.body });
        const accepted = answer.statusCode < 400;
        if (isWrite(operation) && accepted && !ACCEPTED_WHATEVER_IS_SENT.has(nameOf(operation))) {
          problems.push(`écriture invalide acceptée (${answer.statusCode}) : ${answer.body.slice(0, 200)}`);
        }
        return problems;
      },
    );
    const changed = changedTables(before, await databaseDigest(app.db));
    expect({ failures, changed }, failures.join('\n\n')).toEqual({ failures: [], changed: [] });
  }, 600_000);

  it('well-shaped writes with hostile content: never a 5xx nor internals, refusals in French', async () => {
    const writes = operations.filter(
      (operation) => isWrite(operation) && (operation.body || operation.parameters.some((p) => p.in === 'query')),
    );
    const failures = await fuzzEach(
      writes,
      () => 'hostile',
      async (_operation, request) => {
        const answer = await send(HOSTILE_WRITES, request);
        return problemsOf({ statusCode: answer.statusCode, headers: answer.headers, body: answer.body });
      },
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);

  it('the digest sees an accepted write, so « nothing changed » can fail', async () => {
    const before = await databaseDigest(app.db);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/supplier',
      headers: { cookie },
      payload: { name: 'Fournisseur témoin' },
    });
    expect(answer.statusCode).toBe(201);
    expect(changedTables(before, await databaseDigest(app.db))).toEqual(['suppliers']);
  });

  it('no request polluted the prototypes of the process', () => {
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('admin');
  });

  afterAll(() => {
    const lines = [...figures.statuses].map(([phase, statuses]) => {
      const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
      return `  ${phase} : ${total} requêtes (${byStatus.join(', ')})`;
    });
    console.info(
      `fuzz: ${operations.length} opérations, graine ${SEED}, ${figures.refusals.size} messages de refus distincts\n${lines.join('\n')}`,
    );
  });
});
