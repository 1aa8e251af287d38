import type { IntegrityProblem } from 'contracts';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { ledgerEvents, ledgerHeads } from '../../db/schema';
import { canonicalJson } from '../../lib/canonical-json';
import { chainHash, GENESIS_HASH, lockedHead } from './chain';

/*
 * The technical event log (BOI-TVA-DECLA-30-10-30: the « journal des événements techniques »): reprints of
 * an original, exports, changes of a garage's legal identity, failed integrity checks, start-ups. One chain per
 * company (0: the instance), appended in its own transaction on the company's head row, like the records.
 */

export const EVENT_KINDS = [
  'startup',
  'reprint',
  'export',
  'identity-change',
  'integrity-failure',
  'closing',
  'archive',
  /** A super admin removed a user's second factor (a lost phone). */
  'mfa-reset',
  /** A till closed at the end of a day (« Clôture de caisse »): its count and difference. */
  'cash-up',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const INSTANCE = 0;

/** Appends an event to the company's log (in `tx` when given, else in a transaction of its own). */
export async function logEvent(
  db: Database | Transaction,
  companyId: number,
  kind: EventKind,
  details: Record<string, unknown>,
  userId: number | null = null,
) {
  const write = async (tx: Transaction) => {
    const head = await lockedHead(tx, companyId);
    const at = new Date();
    const seq = head.eventSeq + 1;
    const canonical = canonicalJson({ seq, companyId, kind, at, userId, details });
    const hash = chainHash(head.eventHash, canonical);
    await tx
      .insert(ledgerEvents)
      .values({ companyId, seq, kind, at, userId, details, canonical, previousHash: head.eventHash, hash });
    await tx.update(ledgerHeads).set({ eventSeq: seq, eventHash: hash }).where(eq(ledgerHeads.companyId, companyId));
  };
  if ('rollback' in db) await write(db as Transaction);
  else await (db as Database).transaction(write);
}

/** The company's last events, newest first. */
export async function recentEvents(db: Database, companyId: number, limit = 50) {
  return db
    .select({
      seq: ledgerEvents.seq,
      kind: ledgerEvents.kind,
      at: ledgerEvents.at,
      userId: ledgerEvents.userId,
      details: ledgerEvents.details,
    })
    .from(ledgerEvents)
    .where(eq(ledgerEvents.companyId, companyId))
    .orderBy(desc(ledgerEvents.seq))
    .limit(limit);
}

/** The event log's chain checked like the records': each hash, each place, each row against what its hash covers. */
export async function verifyEvents(
  db: Database,
  companyId: number,
): Promise<{ checked: number; problems: IntegrityProblem[] }> {
  const problems: IntegrityProblem[] = [];
  let previousHash = GENESIS_HASH;
  let expected = 1;
  let checked = 0;
  let after = 0;
  for (;;) {
    const events = await db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.companyId, companyId), gt(ledgerEvents.seq, after)))
      .orderBy(asc(ledgerEvents.seq))
      .limit(2_000);
    if (events.length === 0) break;
    for (const event of events) {
      checked += 1;
      const place = { kind: event.kind, reference: null, recordedAt: event.at.toISOString() };
      if (event.seq !== expected) {
        problems.push({
          seq: expected,
          problem: 'event-missing',
          ...place,
          differences: [`événements ${expected} à ${event.seq - 1} absents`],
        });
      }
      const differs: string[] = [];
      if (chainHash(event.previousHash, event.canonical) !== event.hash) differs.push('hash');
      if (event.seq === expected && event.previousHash !== previousHash) differs.push('previousHash');
      const stored = {
        seq: event.seq,
        companyId,
        kind: event.kind,
        at: event.at,
        userId: event.userId,
        details: event.details,
      };
      const covered = JSON.parse(event.canonical) as Record<string, unknown>;
      for (const [key, value] of Object.entries(stored)) {
        if (canonicalJson(value) !== canonicalJson(covered[key] ?? null)) differs.push(key);
      }
      if (differs.length > 0)
        problems.push({ seq: event.seq, problem: 'event-altered', ...place, differences: differs });
      previousHash = event.hash;
      expected = event.seq + 1;
    }
    after = events.at(-1)?.seq ?? after;
  }
  const [head] = await db.select().from(ledgerHeads).where(eq(ledgerHeads.companyId, companyId));
  if (head && head.eventSeq >= expected) {
    problems.push({
      seq: expected,
      problem: 'event-missing',
      kind: null,
      reference: null,
      recordedAt: null,
      differences: [`événements ${expected} à ${head.eventSeq} absents`],
    });
  }
  return { checked, problems };
}
