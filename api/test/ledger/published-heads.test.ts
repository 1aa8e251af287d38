import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  archiveSchema,
  type ClosingKind,
  closingPeriodLabel,
  INTEGRITY_PROBLEM_LABELS,
  integrityReportSchema,
  parisToday,
} from 'contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, ledgerClosings, ledgerHeads, ledgerLinks } from '../../src/db/schema';
import { canonicalJson } from '../../src/lib/canonical-json';
import { signedPartFromDirectory } from '../../src/modules/ledger/archive-signed-part';
import { chainHash, GENESIS_HASH } from '../../src/modules/ledger/chain';
import { closeCompany } from '../../src/modules/ledger/closings';
import { verifyChain } from '../../src/modules/ledger/integrity';
import type { PublishedHead } from '../../src/modules/ledger/published-heads';
import { billing, body } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';

/*
 * The chain's heads published out of the database: each closing and each archive appends its head to a
 * journal beside the key, and the archive's file name carries the head it holds. A chain rewritten in the database and
 * re-hashed from end to end with the chain's own functions passes the walk, but no longer has the published heads:
 * the integrity check names it, in French.
 */

let app: FastifyInstance;
let workDir: string;
let headsFile: string;

/** Tomorrow 01:00 in Paris: today's day is then ended, and closed. */
function tomorrowInParis() {
  const day = new Date(`${parisToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return new Date(`${day.toISOString().slice(0, 10)}T01:00:00+02:00`);
}

const published = async (companyId: number): Promise<PublishedHead[]> =>
  (await readFile(headsFile, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PublishedHead)
    .filter((head) => head.companyId === companyId);

const linksOf = (companyId: number) =>
  app.db.select().from(ledgerLinks).where(eq(ledgerLinks.companyId, companyId)).orderBy(asc(ledgerLinks.seq));

/** A garage with two invoices issued today, its day closed and published. */
async function closedDay() {
  const garage = await ownTestGarage(app);
  const api = billing(app, garage.cookie);
  const first = await api.issue(await api.create('invoice', body()));
  await api.issue(await api.create('invoice', body()));
  // One closing, the day's (two or three on a month's or a fiscal year's last day).
  expect(await closeCompany(app.db, garage.companyId, tomorrowInParis(), app.ledgerAnchors.publish)).toBeGreaterThan(0);
  return { ...garage, first };
}

/**
 * What someone holding the database could do: change a record (behind the triggers), write its link again, and
 * recompute every following hash with the chain's own function, the head and the closing rows with them.
 */
async function rewriteConsistently(companyId: number, documentId: number, notes: string) {
  const links = await linksOf(companyId);
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(billingDocuments).set({ notes }).where(eq(billingDocuments.id, documentId));
    let previousHash = GENESIS_HASH;
    for (const link of links) {
      const content = JSON.parse(link.canonical) as { kind: string; recordId: number; record: { notes: string } };
      if (content.kind === 'invoice' && content.recordId === documentId) content.record.notes = notes;
      const canonical = canonicalJson(content);
      const hash = chainHash(previousHash, canonical);
      await tx.update(ledgerLinks).set({ canonical, previousHash, hash }).where(eq(ledgerLinks.id, link.id));
      if (link.kind === 'closing') {
        await tx.update(ledgerClosings).set({ hash }).where(eq(ledgerClosings.id, link.recordId));
      }
      previousHash = hash;
    }
    await tx.update(ledgerHeads).set({ hash: previousHash }).where(eq(ledgerHeads.companyId, companyId));
  });
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ledger-heads-'));
  headsFile = join(workDir, 'ledger-heads.jsonl');
  app = await createTestApp({
    testRoutes: true,
    config: { ledgerAnchors: { keyFile: join(workDir, 'archive-signing-key.pem'), headsFile } },
  });
});
afterAll(async () => {
  await app.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('each closing publishes its head beside the key', () => {
  it('appends one line per closing: garage, place and hash of its link, the period, when', async () => {
    const garage = await closedDay();
    const closings = await app.db
      .select()
      .from(ledgerClosings)
      .where(eq(ledgerClosings.companyId, garage.companyId))
      .orderBy(asc(ledgerClosings.seq));
    expect(closings[0]).toMatchObject({ kind: 'day', periodStart: parisToday() });
    expect(await published(garage.companyId)).toEqual(
      closings.map((closing) => ({
        companyId: garage.companyId,
        seq: closing.seq,
        hash: closing.hash,
        kind: 'closing',
        reference: `Clôture ${closingPeriodLabel(closing.kind as ClosingKind, closing.periodStart, closing.periodEnd)}`,
        from: closing.periodStart,
        to: closing.periodEnd,
        at: tomorrowInParis().toISOString(),
      })),
    );
    expect((await linksOf(garage.companyId)).at(-1)?.hash).toBe(closings.at(-1)?.hash);
    expect((await verifyChain(app.db, garage.companyId, app.ledgerAnchors)).problems).toEqual([]);
  });

  it('catches a chain rewritten in the database and re-hashed consistently: its head is not the published one', async () => {
    const garage = await closedDay();
    const heads = await published(garage.companyId);
    await rewriteConsistently(garage.companyId, garage.first.id, 'Remise accordée après coup');
    // The database alone no longer tells: every link follows from the one before, every record matches its link.
    expect((await verifyChain(app.db, garage.companyId)).problems).toEqual([]);

    const answer = await app.inject({
      method: 'GET',
      url: `/api/integrity/${garage.companyId}`,
      headers: { cookie: garage.cookie },
    });
    const report = integrityReportSchema.parse(answer.json());
    const rewritten = new Map((await linksOf(garage.companyId)).map((link) => [link.seq, link.hash]));
    expect(report.valid).toBe(false);
    expect(report.problems).toEqual(
      heads.map((head) => ({
        seq: head.seq,
        problem: 'head-differs',
        kind: null,
        reference: head.reference,
        recordedAt: head.at,
        differences: [`publiée le ${head.at} : ${head.hash}`, `dans la base : ${rewritten.get(head.seq)}`],
      })),
    );
    expect(INTEGRITY_PROBLEM_LABELS['head-differs']).toBe(
      'Chaîne réécrite : tête différente de celle publiée hors de la base',
    );
  });

  it('names a chain cut short, and a journal line that is not a head', async () => {
    const garage = await closedDay();
    const [head] = await published(garage.companyId);
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .delete(ledgerLinks)
        .where(and(eq(ledgerLinks.companyId, garage.companyId), eq(ledgerLinks.seq, head?.seq ?? 0)));
    });
    const saved = await readFile(headsFile, 'utf8');
    await appendFile(headsFile, 'ligne abîmée\n');
    try {
      const problems = (await verifyChain(app.db, garage.companyId, app.ledgerAnchors)).problems;
      expect(problems).toContainEqual(
        expect.objectContaining({
          seq: head?.seq,
          problem: 'head-differs',
          differences: [`publiée le ${head?.at} : ${head?.hash}`, 'maillon absent de la base'],
        }),
      );
      const lines = saved.split('\n').length;
      expect(problems).toContainEqual(
        expect.objectContaining({
          problem: 'heads-unreadable',
          differences: [`ligne ${lines} du journal des têtes publiées`],
        }),
      );
    } finally {
      await writeFile(headsFile, saved);
    }
  });
});

describe('a signed archive names its head', () => {
  it('carries the head it holds in its file name, and publishes its own link', async () => {
    const garage = await ownTestGarage(app);
    const api = billing(app, garage.cookie);
    await api.issue(await api.create('invoice', body()));
    const created = await app.inject({
      method: 'POST',
      url: `/api/integrity/${garage.companyId}/archives`,
      headers: { cookie: garage.cookie },
      payload: { from: parisToday(), to: parisToday() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const archive = archiveSchema.parse(created.json());
    const links = await linksOf(garage.companyId);
    const held = links.find((link) => link.seq === archive.throughSeq);
    expect(archive.fileName).toBe(
      `archive-periode-${parisToday()}-au-${parisToday()}-garage-${garage.companyId}-n${archive.id}-tete-${held?.hash.slice(0, 16)}.zip`,
    );
    const file = await app.inject({
      method: 'GET',
      url: `/api/integrity/${garage.companyId}/archives/${archive.id}/file`,
      headers: { cookie: garage.cookie },
    });
    const entries = unzipSync(new Uint8Array(file.rawPayload));
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
    expect(archive.fileName).toContain(`-tete-${manifest.chain.headHash.slice(0, 16)}.zip`);
    // The integrity check reads the signed part from the zip's end, without the PDFs: the same bytes as a full unzip.
    const part = await signedPartFromDirectory(app.db, archive.id);
    expect(part?.manifest).toEqual(entries['manifest.json']);
    expect(part?.signature).toEqual(entries['manifest.sig']);

    const own = links.find((link) => link.kind === 'archive' && link.recordId === archive.id);
    expect(await published(garage.companyId)).toEqual([
      expect.objectContaining({ kind: 'archive', seq: own?.seq, hash: own?.hash, reference: archive.fileName }),
    ]);
    expect((await verifyChain(app.db, garage.companyId, app.ledgerAnchors)).problems).toEqual([]);
  });

  it('the head signed in an archive catches a rewritten chain even without the journal', async () => {
    const garage = await ownTestGarage(app);
    const api = billing(app, garage.cookie);
    const invoice = await api.issue(await api.create('invoice', body()));
    const created = await app.inject({
      method: 'POST',
      url: `/api/integrity/${garage.companyId}/archives`,
      headers: { cookie: garage.cookie },
      payload: { from: parisToday(), to: parisToday() },
    });
    const archive = archiveSchema.parse(created.json());
    const saved = await readFile(headsFile, 'utf8');
    await writeFile(headsFile, '');
    try {
      await rewriteConsistently(garage.companyId, invoice.id, 'Réécrit');
      const problems = (await verifyChain(app.db, garage.companyId, app.ledgerAnchors)).problems;
      expect(problems).toEqual([
        expect.objectContaining({
          seq: archive.throughSeq,
          problem: 'head-differs',
          kind: 'archive',
          reference: archive.fileName,
          differences: [expect.stringMatching(/^signée dans l’archive : [0-9a-f]{64}$/), expect.any(String)],
        }),
      ]);
    } finally {
      await writeFile(headsFile, saved);
    }
  });
});
