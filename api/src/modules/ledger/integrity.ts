import type { IntegrityProblem, IntegrityReport } from 'contracts';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, ledgerHeads, ledgerLinks, payments } from '../../db/schema';
import { canonicalJson } from '../../lib/canonical-json';
import { anchorProblems, type IntegrityAnchors } from './anchor-checks';
import { chainHash, GENESIS_HASH, type LinkContent } from './chain';
import { recentEvents, verifyEvents } from './events';
import { storedRecords } from './records';

/*
 * The integrity check: walks a garage's chain in order, recomputes each link's hash from its canonical
 * JSON and the previous hash, checks the grand totals' arithmetic, re-reads each record from its own table and
 * compares it with what the link recorded, and looks for records that never joined the chain. Reads in batches:
 * 100 000 links stay a few seconds (`pnpm bench:ledger`).
 */

const BATCH = 5_000;
const MAX_PROBLEMS = 100;
type Link = typeof ledgerLinks.$inferSelect;

/** The fields whose canonical JSON differs between two records (top level; `lines` as one). */
function differences(recorded: Record<string, unknown>, stored: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(recorded), ...Object.keys(stored)])].sort();
  return keys.filter((key) => canonicalJson(recorded[key] ?? null) !== canonicalJson(stored[key] ?? null));
}

const problemOf = (link: Pick<Link, 'seq' | 'kind' | 'reference' | 'recordedAt'>) => ({
  seq: link.seq,
  kind: link.kind,
  reference: link.reference,
  recordedAt: link.recordedAt.toISOString(),
});

/**
 * `anchors`: what lives outside the database, to compare with: the published heads, the signing key. The
 * Intégrité page and `pnpm integrity-check` pass the instance's; without them only the database is read.
 */
export async function verifyChain(
  db: Database,
  companyId: number,
  anchors?: IntegrityAnchors,
): Promise<IntegrityReport> {
  const started = performance.now();
  const problems: IntegrityProblem[] = [];
  const report = (problem: IntegrityProblem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  let previousHash = GENESIS_HASH;
  let expectedSeq = 1;
  let salesTotal = 0;
  let receipts: Record<string, number> = {};
  let last: Link | undefined;
  let checked = 0;
  let after = 0;
  for (;;) {
    const links = await db
      .select()
      .from(ledgerLinks)
      .where(and(eq(ledgerLinks.companyId, companyId), gt(ledgerLinks.seq, after)))
      .orderBy(asc(ledgerLinks.seq))
      .limit(BATCH);
    if (links.length === 0) break;
    const stored = await storedRecords(db, links);
    for (const link of links) {
      checked += 1;
      // After a gap the walk starts again from this link: its place and totals cannot follow the missing ones.
      const resync = link.seq !== expectedSeq;
      if (resync) {
        report({
          seq: expectedSeq,
          problem: 'link-missing',
          kind: null,
          reference: null,
          recordedAt: null,
          differences: [`maillons ${expectedSeq} à ${link.seq - 1} absents`],
        });
      }
      const content = JSON.parse(link.canonical) as LinkContent & { recordedAt: string };
      // The link itself: its hash over its canonical JSON, its place after the previous one, its columns.
      const linkDiffers: string[] = [];
      if (chainHash(link.previousHash, link.canonical) !== link.hash) linkDiffers.push('hash');
      if (!resync && link.previousHash !== previousHash) linkDiffers.push('previousHash');
      const columns = {
        seq: link.seq,
        kind: link.kind,
        recordId: link.recordId,
        reference: link.reference,
        recordedAt: link.recordedAt.toISOString(),
        salesTotal: link.salesTotal,
        receipts: link.receipts,
      };
      for (const [key, value] of Object.entries(columns)) {
        if (canonicalJson(value) !== canonicalJson(content[key as keyof typeof content])) linkDiffers.push(key);
      }
      // The grand totals follow from the records (a credit note's total is negative, a cancellation's amount too).
      const record = content.record as Record<string, unknown>;
      const sales = link.kind === 'invoice' || link.kind === 'credit-note' ? Number(record.totalAmount ?? 0) : 0;
      const nextReceipts = { ...receipts };
      if (link.kind === 'payment') {
        const method = String(record.method);
        nextReceipts[method] = (nextReceipts[method] ?? 0) + Number(record.amount ?? 0);
      }
      if (!resync && content.salesTotal !== salesTotal + sales) linkDiffers.push('salesTotal');
      if (!resync && canonicalJson(content.receipts) !== canonicalJson(nextReceipts)) linkDiffers.push('receipts');
      if (linkDiffers.length > 0) {
        report({ ...problemOf(link), problem: 'link-altered', differences: [...new Set(linkDiffers)] });
      } else {
        // The record as stored now against the record as chained.
        const current = stored.get(`${link.kind}:${link.recordId}`);
        if (!current) report({ ...problemOf(link), problem: 'record-missing', differences: [] });
        else {
          // One comparison of the whole record; the fields are told apart only when it differs.
          const storedText = canonicalJson(current);
          if (storedText !== canonicalJson(record)) {
            const differs = differences(record, JSON.parse(storedText) as Record<string, unknown>);
            report({ ...problemOf(link), problem: 'record-altered', differences: differs });
          }
        }
      }
      previousHash = link.hash;
      expectedSeq = link.seq + 1;
      salesTotal = content.salesTotal;
      receipts = content.receipts;
      last = link;
    }
    after = links.at(-1)?.seq ?? after;
  }

  // Links removed at the end: the head remembers how far the chain went.
  const [head] = await db.select().from(ledgerHeads).where(eq(ledgerHeads.companyId, companyId));
  if (head && head.seq >= expectedSeq) {
    report({
      seq: expectedSeq,
      problem: 'link-missing',
      kind: null,
      reference: null,
      recordedAt: null,
      differences: [`maillons ${expectedSeq} à ${head.seq} absents`],
    });
  }
  // A chain rewritten whole and re-hashed passes the walk above: only the heads kept outside the database tell.
  if (anchors) for (const problem of await anchorProblems(db, companyId, anchors)) report(problem);
  for (const record of await unchainedRecords(db, companyId)) report(record);
  const events = await verifyEvents(db, companyId);
  for (const problem of events.problems) report(problem);
  const latest = await recentEvents(db, companyId, 20);

  return {
    companyId,
    valid: problems.length === 0,
    checked,
    head: last
      ? {
          seq: last.seq,
          hash: last.hash,
          recordedAt: last.recordedAt.toISOString(),
          salesTotal: last.salesTotal,
          receipts: last.receipts,
        }
      : null,
    problems,
    eventsChecked: events.checked,
    events: latest.map((event) => ({ ...event, at: event.at.toISOString() })),
    checkedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
  };
}

/** Issued invoices, credit notes and payments of the garage that no link records (written around the API). */
async function unchainedRecords(db: Database, companyId: number): Promise<IntegrityProblem[]> {
  const notLinked = (kind: ReturnType<typeof sql>, id: ReturnType<typeof sql>) =>
    sql`not exists (select 1 from ${ledgerLinks} where ${ledgerLinks.kind} = ${kind} and ${ledgerLinks.recordId} = ${id})`;
  const [documents, receipts] = await Promise.all([
    db
      .select({ type: billingDocuments.type, number: billingDocuments.number, at: billingDocuments.issuedAt })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.companyId, companyId),
          inArray(billingDocuments.type, ['invoice', 'credit-note']),
          ne(billingDocuments.status, 'draft'),
          notLinked(sql`${billingDocuments.type}`, sql`${billingDocuments.id}`),
        ),
      )
      .limit(MAX_PROBLEMS),
    db
      .select({ id: payments.id, at: payments.createdAt })
      .from(payments)
      .where(and(eq(payments.companyId, companyId), notLinked(sql`'payment'`, sql`${payments.id}`)))
      .limit(MAX_PROBLEMS),
  ]);
  return [
    ...documents.map((row) => ({
      seq: 0,
      problem: 'record-unchained' as const,
      kind: row.type,
      reference: row.number,
      recordedAt: row.at?.toISOString() ?? null,
      differences: [],
    })),
    ...receipts.map((row) => ({
      seq: 0,
      problem: 'record-unchained' as const,
      kind: 'payment',
      reference: `paiement ${row.id}`,
      recordedAt: row.at.toISOString(),
      differences: [],
    })),
  ];
}
