import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { FOLDER_LIST_COLUMNS } from 'contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originOf, type RealServer, seededDataDir, signIn, startServer, waitFor } from './real-server';

/*
 * Chaos: the embedded database killed with SIGKILL in the middle of writes. Writers send comments and
 * quotes to the real server (`tsx src/server.ts` on a data directory on disk); once enough are acknowledged the
 * process is killed, requests still in flight: no shutdown, nothing flushed, the directory left as a crash leaves
 * it. The server starts again on it: the directory opens, every acknowledged write is there, and no quote is half
 * written (each has its two lines). PGlite only, in the PGlite run.
 */

const CUSTOMER = 'Client coupure brutale';
const COMMENT_MARK = 'coupure-brutale';

let dir: string;
let dataDir: string;
let server: RealServer;

const serverEnv = () => ({ DATA_DIR: dataDir, STATIC_DIR: join(dir, 'static') });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'api-kill-'));
  dataDir = join(dir, 'pglite');
  await seededDataDir(dataDir);
  server = await startServer(serverEnv());
}, 240_000);

afterAll(async () => {
  if (server.process.exitCode === null) server.process.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const quoteBody = (index: number) => ({
  customer: { name: CUSTOMER, address: '3 place Bellecour', postalCode: '69002', city: 'Lyon' },
  lines: [
    { title: `Pare-brise ${index}`, quantity: 1, preTaxAmount: '420,00', position: 1 },
    { title: 'Kit de collage', quantity: 1, preTaxAmount: '35,50', position: 2 },
  ],
});

/** POSTs JSON; the status, or 0 when the server died under the request. */
async function post(url: string, cookie: string, body: unknown): Promise<{ status: number; json?: { id: number } }> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    return { status: answer.status, json: answer.ok ? ((await answer.json()) as { id: number }) : undefined };
  } catch {
    return { status: 0 };
  }
}

describe('the embedded database killed mid-write', () => {
  it('opens again with every acknowledged comment and quote, and no quote half written', async () => {
    const origin = await originOf(dataDir);
    const cookie = await signIn(origin, 'poseur.admin@demo.garage.fr');
    const list = await fetch(
      `${origin}/api/folder/list/all?page=1&pageSize=1&columnsMap=${encodeURIComponent(JSON.stringify(FOLDER_LIST_COLUMNS))}`,
      { headers: { cookie } },
    );
    const folderId = ((await list.json()) as { data: { id: number }[] }).data[0]?.id;
    expect(folderId).toEqual(expect.any(Number));

    const acknowledged = { comments: new Set<string>(), quotes: new Set<number>() };
    let sent = 0;
    let killed = false;
    const commentWriter = async (writer: number) => {
      for (let index = 0; !killed; index += 1) {
        const marker = `${COMMENT_MARK}-${writer}-${index}`;
        sent += 1;
        const answer = await post(`${origin}/api/comment/add/${folderId}`, cookie, { content: `<p>${marker}</p>` });
        if (answer.status === 201) acknowledged.comments.add(marker);
      }
    };
    const quoteWriter = async (writer: number) => {
      for (let index = 0; !killed; index += 1) {
        sent += 1;
        const answer = await post(`${origin}/api/quotation/new/quotation`, cookie, quoteBody(writer * 1000 + index));
        if (answer.status === 201 && answer.json) acknowledged.quotes.add(answer.json.id);
      }
    };
    const writers = [commentWriter(1), commentWriter(2), quoteWriter(1), quoteWriter(2)];
    await waitFor(
      'writes acknowledged',
      () => (acknowledged.comments.size >= 40 && acknowledged.quotes.size >= 20 ? true : undefined),
      120_000,
      server.logs,
    );
    server.process.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    expect(await server.exited).toBeNull();

    const restarting = Date.now();
    server = await startServer(serverEnv());
    const reopenedMs = Date.now() - restarting;
    // The restarted server serves the data (a session opens), then stops cleanly to let the directory be read.
    await signIn(await originOf(dataDir), 'poseur.admin@demo.garage.fr');
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
    try {
      const comments = await client.query<{ content: string }>(
        'select content from folder_history where content like $1',
        [`%${COMMENT_MARK}%`],
      );
      const written = new Set(comments.rows.map((row) => row.content.replace(/<\/?p>/g, '')));
      const lostComments = [...acknowledged.comments].filter((marker) => !written.has(marker));
      expect(lostComments).toEqual([]);

      const quotes = await client.query<{ id: number; lines: number }>(
        `select d.id, count(l.id)::int as lines from billing_documents d
           left join billing_document_lines l on l.document_id = d.id
         where d.customer->>'name' = $1 group by d.id`,
        [CUSTOMER],
      );
      const present = new Map(quotes.rows.map((row) => [row.id, row.lines]));
      expect([...acknowledged.quotes].filter((id) => !present.has(id))).toEqual([]);
      // Acknowledged or not (killed after its commit, before its answer), a quote is whole or absent.
      expect(quotes.rows.filter((row) => row.lines !== 2)).toEqual([]);
      console.log(
        `SIGKILL : ${sent} écritures envoyées, ${acknowledged.comments.size} commentaires et ${acknowledged.quotes.size} devis` +
          ` acquittés, tous présents après redémarrage (${written.size} commentaires, ${present.size} devis en base)` +
          ` ; la base rouverte et l’API prête en ${reopenedMs} ms`,
      );
    } finally {
      await client.close();
    }
  }, 300_000);
});
