import type { AddressInfo } from 'node:net';
import { can } from 'contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/db/schema';
import { type DemoSink, startDemoSink } from '../../src/modules/demo-sink/sink';
import { createNotifications } from '../../src/modules/notifications/publish';
import { createTestApp, multipart } from '../helpers';
import { openSse, type SseStream } from '../notifications/sse-client';
import { pdfText } from '../pdf-text';
import { ACTORS, type Actor, type Actors, createActors, FOREIGN, LOWER, type LowerActor } from './matrix/actors';
import { type Exempt, MATRIX, type MatrixEntry, type Probe } from './matrix/entries';
import { fastifyRoutes, normalise, openApiOperations } from './matrix/inventory';
import { createOwnerRecords, type Marks, type OwnerRecords, ownerMarks, searchTerms } from './matrix/owner-records';
import { ownerSnapshot } from './matrix/snapshot';

/**
 * Every operation of the OpenAPI document called as the owner of the records it names, a garage of
 * the same network, another network's franchisor, an independent garage, the owner garage's fitter, accountant, CMD,
 * customer service and commercial,
 * and nobody, with the real ids of the owner's records. Nothing of the owner's may be read, counted or changed.
 */

let app: FastifyInstance;
let actors: Actors;
let marks: Marks;
let records: OwnerRecords;
let calls = 0;
let notReplayed = 0;
const rolesOf = {} as Record<Actor | 'head', string[]>;
/** What each foreign actor's lists answered before the owner's records existed. */
const before = new Map<string, string>();

const isExempt = (entry: MatrixEntry | Exempt): entry is Exempt => 'exempt' in entry;
const entries = () =>
  Object.entries(MATRIX).flatMap(([operation, entry]) => (isExempt(entry) ? [] : [{ operation, entry }]));
const methodOf = (operation: string) => operation.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
const isRead = (operation: string, entry: MatrixEntry) => methodOf(operation) === 'GET' || entry.scope === 'list';
const probesOf = (entry: MatrixEntry, owned: OwnerRecords) => [entry.probe(owned, actors)].flat();
const sessionOf = (actor: Actor | 'head') => (actor === 'nobody' ? undefined : actors[actor as keyof Actors].cookie);

async function send(operation: string, probe: Probe, cookie: string | undefined): Promise<LightMyRequestResponse> {
  calls += 1;
  const [method, template = ''] = operation.split(' ') as [ReturnType<typeof methodOf>, string];
  let url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = probe.params?.[name];
    if (value === undefined) throw new Error(`${operation}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  if (probe.query) url += `?${new URLSearchParams(Object.entries(probe.query).map(([k, v]) => [k, String(v)]))}`;
  const headers: Record<string, string> = { ...probe.headers, ...(cookie ? { cookie } : {}) };
  if (probe.multipart) {
    const form = await multipart(probe.multipart);
    return app.inject({ method, url, headers: { ...headers, ...form.headers }, payload: form.payload });
  }
  return app.inject({ method, url, headers, ...(probe.payload ? { payload: probe.payload } : {}) });
}

/** The cells of an Excel answer, row by row: its zipped bytes show nothing. */
async function spreadsheetText(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      rows.push(`${sheet.name}: ${JSON.stringify(row.values)}`);
    });
  });
  return rows.join('\n');
}

/** What a reader of the answer sees: its text, a PDF's as pdf.js reads it, an Excel file's cells. */
async function readable(response: LightMyRequestResponse): Promise<string> {
  const type = String(response.headers['content-type']);
  if (response.statusCode === 200 && type.includes('spreadsheetml')) return spreadsheetText(response.rawPayload);
  const text = response.rawPayload.toString('utf8');
  if (response.statusCode === 200 && type.includes('pdf')) {
    // An uploaded file is served as it came (the fixture's PDF is a bare header): its bytes are then what shows.
    const pages = await pdfText(response.rawPayload).catch(() => '');
    return `${text}\n${pages}`;
  }
  return text;
}

/**
 * Spaces dropped (7 313,97 is printed with a narrow no-break space), lower case; an error's `requestId` left out: 12
 * random hex characters, which once in a while spell an amount mark's digits (« 731397 ») and are not the owner's.
 */
const visibleText = async (response: LightMyRequestResponse) =>
  (await readable(response))
    .replace(/"requestId":"[0-9a-f-]*"/g, '')
    .replace(/[\s\u00a0\u202f]/g, '')
    .toLowerCase();

/** The owner's marks found in an answer. */
async function marksIn(response: LightMyRequestResponse): Promise<string[]> {
  const text = await visibleText(response);
  const all = [marks.name, marks.folderNumber, marks.plate, searchTerms(marks).plate, ...marks.amounts];
  return all.filter((mark) => text.includes(mark.replace(/\s/g, '').toLowerCase()));
}

/** A list's answer with what changes by itself between two identical calls left out (clocks). */
const comparable = async (response: LightMyRequestResponse) =>
  `${response.statusCode} ${(await readable(response)).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, '<instant>')}`;

/** Whether the permission table lets this actor's roles (in its own garage) call the operation at all. */
const allowedTo = (actor: Actor | 'head', entry: MatrixEntry) =>
  entry.permission === 'session' || can(rolesOf[actor], entry.permission);

const expected = (value: number | number[] | undefined, index: number) => (Array.isArray(value) ? value[index] : value);

let sink: DemoSink;

beforeAll(async () => {
  // Thousands of calls from one address: the general rate limit is not what is under test.
  // With the demo's sink, so that « Messages envoyés (démo) » answers as in a demo start.
  sink = await startDemoSink();
  app = await createTestApp({ testRoutes: true, config: { rateLimitMax: 1_000_000 }, demoSink: sink });
  await app.listen({ port: 0, host: '127.0.0.1' });
  marks = ownerMarks();
  actors = await createActors(app, marks.name);
  for (const actor of ['owner', 'head', ...FOREIGN, ...(Object.keys(LOWER) as LowerActor[])] as const) {
    const { userId, companyId } = actors[actor];
    const [row] = await app.db
      .select({ roles: memberships.roles })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
    rolesOf[actor] = row?.roles ?? [];
  }
  rolesOf.nobody = [];
  // The lists of every other tenant, before anything of the owner's exists.
  const terms = searchTerms(marks) as OwnerRecords;
  for (const { operation, entry } of entries()) {
    if (entry.scope !== 'list') continue;
    for (const [index, probe] of probesOf(entry, terms).entries()) {
      for (const actor of FOREIGN) {
        before.set(`${operation}#${index}#${actor}`, await comparable(await send(operation, probe, sessionOf(actor))));
      }
    }
  }
  records = await createOwnerRecords(app, actors, marks);
}, 240_000);
afterAll(async () => {
  await app.close();
  await sink.close();
});

describe('the tenant isolation matrix', () => {
  it('has an entry for every route the server answers, and no entry without its route', () => {
    const documented = openApiOperations(app);
    const served = fastifyRoutes(app);
    const listed = Object.keys(MATRIX);
    // The API's map itself (swagger-ui): public in tests, behind a session in production (test/security/headers.test.ts).
    const undocumented = new Set(['GET /api/docs', 'GET /api/docs*', 'GET /api/docs/json', 'GET /api/docs/yaml']);
    const servedOnly = served.filter(
      (route) =>
        !route.startsWith('GET /api/docs/static/') &&
        !undocumented.has(route) &&
        !documented.some((operation) => normalise(operation) === normalise(route)),
    );
    expect(servedOnly, 'routes Fastify answers that the OpenAPI document does not list').toEqual([]);
    expect(
      documented.filter((operation) => !listed.includes(operation)),
      'operations without a matrix entry (add one to its area’s test/security/matrix/*-operations.ts)',
    ).toEqual([]);
    expect(
      listed.filter((operation) => !documented.includes(operation)),
      'matrix entries whose route is gone',
    ).toEqual([]);
  });

  it('answers other tenants 403/404 or their own empty lists: nothing of the owner’s read, counted or changed', async () => {
    const failures: string[] = [];
    const snapshot = await ownerSnapshot(app, records.companyId);
    // Reads first: a foreign write that went through would otherwise show in the lists for the wrong reason.
    const ordered = [...entries()].sort(
      (a, b) => Number(!isRead(a.operation, a.entry)) - Number(!isRead(b.operation, b.entry)),
    );
    for (const { operation, entry } of ordered) {
      for (const [index, probe] of probesOf(entry, records).entries()) {
        const nobody = await send(operation, probe, undefined);
        if (nobody.statusCode !== 401)
          failures.push(`${operation} #${index} nobody: ${nobody.statusCode}, 401 expected`);
        for (const actor of FOREIGN) {
          const shared = actor === 'sibling' && entry.network;
          if (shared && !(isRead(operation, entry) && allowedTo(actor, entry))) {
            // The network's record, written by its franchisor: the sibling may only do what its role allows.
            if (!allowedTo(actor, entry)) {
              const answer = await send(operation, probe, sessionOf(actor));
              if (answer.statusCode !== 403)
                failures.push(`${operation} #${index} ${actor}: ${answer.statusCode}, 403 expected`);
            } else notReplayed += 1;
            continue;
          }
          const answer = await send(operation, probe, sessionOf(actor));
          const seen = shared ? [] : await marksIn(answer);
          const where = `${operation} #${index} ${actor}: ${answer.statusCode}`;
          if (seen.length) failures.push(`${where} shows the owner’s ${seen.join(', ')}`);
          const allowed = allowedTo(actor, entry);
          const status = answer.statusCode;
          if (!allowed) {
            if (status !== 403) failures.push(`${where}, 403 expected (the permission table refuses the role)`);
          } else if (shared) {
            if (status < 200 || status > 299) failures.push(`${where}, 2xx expected (the network’s own record)`);
          } else if (entry.scope === 'record') {
            if (status !== 403 && status !== 404) failures.push(`${where}, 403 or 404 expected`);
          } else if (entry.scope === 'carried') {
            if (![400, 403, 404].includes(status)) failures.push(`${where}, a refusal expected (400, 403 or 404)`);
          } else if (entry.scope === 'list') {
            if (status < 200 || status > 299) failures.push(`${where}, 2xx expected`);
            const then = before.get(`${operation}#${index}#${actor}`);
            const now = await comparable(answer);
            if (then !== now) {
              failures.push(
                `${where} differs from its answer before the owner’s records existed:\n  before ${then?.slice(0, 400)}\n  after  ${now.slice(0, 400)}`,
              );
            }
          } else if (status < 200 || status > 299) failures.push(`${where}, 2xx expected (a write of its own garage)`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await ownerSnapshot(app, records.companyId)).toEqual(snapshot);
  }, 300_000);

  it('gives the owner garage’s lower roles (fitter, accountant, CMD, customer service, commercial) what the permission table gives their role', async () => {
    const failures: string[] = [];
    for (const { operation, entry } of entries()) {
      for (const [index, probe] of probesOf(entry, records).entries()) {
        for (const actor of Object.keys(LOWER) as LowerActor[]) {
          const finer = expected(entry.lower?.[actor], index);
          if (allowedTo(actor, entry) && finer === undefined && !isRead(operation, entry)) {
            // An allowed write of the owner's own garage: not replayed here (the owner's pass makes it).
            notReplayed += 1;
            continue;
          }
          const answer = await send(operation, probe, sessionOf(actor));
          const want = !allowedTo(actor, entry) ? 403 : finer;
          const ok =
            want === undefined ? answer.statusCode >= 200 && answer.statusCode < 300 : answer.statusCode === want;
          if (!ok) failures.push(`${operation} #${index} ${actor}: ${answer.statusCode}, ${want ?? '2xx'} expected`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('never streams a notification of the owner’s to another tenant', async () => {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/notifications/stream`;
    expect((await fetch(base)).status).toBe(401);
    const accountant = await fetch(base, { headers: { cookie: actors.accountant.cookie } });
    expect(accountant.status).toBe(403);
    const streams: Record<string, SseStream> = {};
    try {
      for (const actor of ['owner', ...FOREIGN] as const) {
        // Last-Event-ID 0: whatever the server would replay comes first.
        const stream = await openSse(base, { cookie: actors[actor].cookie, 'last-event-id': '0' });
        streams[actor] = stream;
        await stream.connected;
        calls += 1;
      }
      const [id] = await createNotifications(app.db, [
        {
          userId: actors.owner.userId,
          companyId: actors.owner.companyId,
          content: `Nouveau<br>Dossier ${records.folderNumber}<br>${marks.name}`,
          typeFolder: 'comment',
          folderId: records.folderId,
          folderTitle: records.folderNumber,
        },
      ]);
      // The owner's tab gets it (its replay first, then the new one): the stream works, so the silence below means.
      const seen: string[] = [];
      for (;;) {
        const event = await streams.owner?.next(3000);
        seen.push(event?.id ?? '');
        if (event?.id === String(id)) break;
      }
      for (const actor of FOREIGN) {
        const leaked: string[] = [];
        const deadline = Date.now() + 1500;
        while (Date.now() < deadline) {
          const event = await streams[actor]?.next(deadline - Date.now()).catch(() => undefined);
          if (!event) break;
          if (event.data.includes(marks.name) || event.data.includes(records.folderNumber)) leaked.push(event.data);
        }
        expect(leaked, actor).toEqual([]);
      }
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  }, 60_000);

  it('answers the owner (and the network’s franchisor for its own calls) with the real ids: the refusals above are the scope’s', async () => {
    const failures: string[] = [];
    const rank = (operation: string, entry: MatrixEntry) =>
      isRead(operation, entry) ? 0 : methodOf(operation) === 'DELETE' ? 2 : 1;
    // Reads first, then writes, deletions last: each call still finds the records the earlier ones left.
    const ordered = [...entries()].sort((a, b) => rank(a.operation, a.entry) - rank(b.operation, b.entry));
    for (const { operation, entry } of ordered) {
      const actor = entry.owner?.actor ?? 'owner';
      for (const [index, probe] of probesOf(entry, records).entries()) {
        const answer = await send(operation, probe, sessionOf(actor));
        const want = expected(entry.owner?.status, index);
        const ok =
          want === undefined ? answer.statusCode >= 200 && answer.statusCode < 300 : answer.statusCode === want;
        if (!ok) failures.push(`${operation} #${index} ${actor}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
        if (ok && entry.scope === 'list' && entry.owner?.sees !== false && (await marksIn(answer)).length === 0) {
          failures.push(
            `${operation} #${index} ${actor}: none of the owner’s marks, so the others’ silence proves nothing`,
          );
        }
      }
    }
    const operations = entries().length;
    const probes = entries().reduce((sum, { entry }) => sum + probesOf(entry, records).length, 0);
    const exempt = Object.keys(MATRIX).length - operations;
    console.info(
      `isolation matrix: ${operations} operations (${probes} probes) × ${ACTORS.length} actors = ${calls} calls, the lists' first pass and the streams included; ${notReplayed} allowed writes of the owner's garage by its lower roles not replayed; ${exempt} public, test-only or stream operations listed apart`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
