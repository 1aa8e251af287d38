import {
  type ClosingKind,
  closingPeriodLabel,
  documentTotals,
  FRANCE_TIME_ZONE,
  fiscalYearAround,
  parisToday,
} from 'contracts';
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { type ClosingTotals, companies, ledgerClosings, ledgerHeads, ledgerLinks } from '../../db/schema';
import { PARIS_ZONE, parisMidnight } from '../../lib/paris-time';
import { appendLink, type LinkContent, lockedHead } from './chain';
import { logEvent } from './events';
import type { PublishedHead } from './published-heads';
import { closingRecord, type documentRecord, type paymentRecord } from './records';

/*
 * Closings (BOI-TVA-DECLA-30-10-30 §§ 110-130): once a Paris day has ended, its records are totalled and the
 * totals chained as a link of the garage's chain; the same for each ended month and fiscal year. The totals come from
 * the chain itself (what each link recorded), so a closing always equals the sum of its records. Closing a day moves
 * the head's `closedThrough`: from then on a record dated on or before it is refused (409, `appendLink`).
 */

const RECORD_KINDS = ['invoice', 'credit-note', 'payment'];

const nextDay = (day: string) => shiftDays(day, 1);

function shiftDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const monthEnd = (monthStart: string) => {
  const at = new Date(`${monthStart}T12:00:00Z`);
  return shiftDays(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1, 12)).toISOString().slice(0, 10), -1);
};

/** What the period's records add: counts, sales per VAT rate, receipts per method; the grand totals at its end. */
export async function periodTotals(
  db: Database | Transaction,
  companyId: number,
  start: string,
  end: string,
): Promise<ClosingTotals> {
  const links = await db
    .select({ kind: ledgerLinks.kind, canonical: ledgerLinks.canonical })
    .from(ledgerLinks)
    .where(
      and(
        eq(ledgerLinks.companyId, companyId),
        inArray(ledgerLinks.kind, RECORD_KINDS),
        sql`${ledgerLinks.recordedAt} >= ${parisMidnight(start)}`,
        sql`${ledgerLinks.recordedAt} < ${parisMidnight(nextDay(end))}`,
      ),
    )
    .orderBy(asc(ledgerLinks.seq));
  const totals: ClosingTotals = {
    records: links.length,
    invoices: { count: 0, total: 0 },
    creditNotes: { count: 0, total: 0 },
    vat: {},
    receipts: {},
    grand: { salesTotal: 0, receipts: {} },
  };
  for (const link of links) {
    const content = JSON.parse(link.canonical) as LinkContent;
    totals.grand = { salesTotal: content.salesTotal, receipts: content.receipts };
    if (link.kind === 'payment') {
      const payment = content.record as ReturnType<typeof paymentRecord>;
      totals.receipts[payment.method] = (totals.receipts[payment.method] ?? 0) + payment.amount;
      continue;
    }
    const document = content.record as ReturnType<typeof documentRecord>;
    const bucket = link.kind === 'invoice' ? totals.invoices : totals.creditNotes;
    bucket.count += 1;
    bucket.total += document.totalAmount;
    // The amounts function of the form and the server, on the lines as chained.
    const { vatByRate } = documentTotals(
      document.lines.map((line) => ({
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: line.remise,
        taxRate: line.taxRate,
      })),
      document.taxInclusive,
    );
    for (const { rate, base, tax } of vatByRate) {
      const entry = totals.vat[String(rate)] ?? { base: 0, tax: 0 };
      totals.vat[String(rate)] = { base: entry.base + base, tax: entry.tax + tax };
    }
  }
  if (links.length === 0) totals.grand = await grandTotalsBefore(db, companyId, start);
  return totals;
}

/** The grand totals of the last record before `day` (an empty period carries them over). */
async function grandTotalsBefore(db: Database | Transaction, companyId: number, day: string) {
  const [last] = await db
    .select({ salesTotal: ledgerLinks.salesTotal, receipts: ledgerLinks.receipts })
    .from(ledgerLinks)
    .where(and(eq(ledgerLinks.companyId, companyId), sql`${ledgerLinks.recordedAt} < ${parisMidnight(day)}`))
    .orderBy(desc(ledgerLinks.seq))
    .limit(1);
  return { salesTotal: last?.salesTotal ?? 0, receipts: last?.receipts ?? {} };
}

/** The closing's link, as published beside the signing key once its transaction commits. */
export interface ClosedPeriod {
  seq: number;
  hash: string;
  reference: string;
}

/** Publishes a committed closing's head (`LedgerAnchors.publish`); absent: nothing published (tests). */
export type PublishHead = (head: PublishedHead) => Promise<void>;

/**
 * Closes one period of a garage in `tx`, on its locked head (a second closer, or a record arriving, waits): totals,
 * the chain's link, the closing's row, `closedThrough`. Answers null when the period was already closed.
 */
export async function closePeriod(
  tx: Transaction,
  companyId: number,
  kind: ClosingKind,
  start: string,
  end: string,
  now: Date,
): Promise<ClosedPeriod | null> {
  await lockedHead(tx, companyId);
  const [existing] = await tx
    .select({ id: ledgerClosings.id })
    .from(ledgerClosings)
    .where(
      and(
        eq(ledgerClosings.companyId, companyId),
        eq(ledgerClosings.kind, kind),
        eq(ledgerClosings.periodStart, start),
      ),
    );
  if (existing) return null;
  const totals = await periodTotals(tx, companyId, start, end);
  // The closing's id is its record's id in the chain: taken before the link, the row written after it.
  const result = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('ledger_closings', 'id'))::int as id`,
  )) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no closing id');
  const closing = { id, companyId, kind, periodStart: start, periodEnd: end, totals };
  const reference = `Clôture ${closingPeriodLabel(kind, start, end)}`;
  const seq = await appendLink(tx, {
    companyId,
    kind: 'closing',
    recordId: id,
    reference,
    recordedAt: now,
    record: closingRecord(closing),
    sales: 0,
  });
  const head = await lockedHead(tx, companyId);
  await tx.insert(ledgerClosings).values({ ...closing, seq, hash: head.hash, closedAt: now });
  await tx
    .update(ledgerHeads)
    .set({ closedThrough: sql`greatest(coalesce(${ledgerHeads.closedThrough}, ${end}::date), ${end}::date)` })
    .where(eq(ledgerHeads.companyId, companyId));
  return { seq, hash: head.hash, reference };
}

/** Distinct days (or months' first days) holding records after `after` and before `before` (Paris calendar). */
async function recordPeriods(
  db: Database,
  companyId: number,
  unit: 'day' | 'month',
  after: string | null,
  before: string,
): Promise<string[]> {
  const local = sql`(${ledgerLinks.recordedAt} at time zone ${PARIS_ZONE})`;
  const period = unit === 'day' ? sql`${local}::date` : sql`date_trunc('month', ${local})::date`;
  const rows = await db
    .selectDistinct({ period: sql<string>`${period}::text` })
    .from(ledgerLinks)
    .where(
      and(
        eq(ledgerLinks.companyId, companyId),
        inArray(ledgerLinks.kind, RECORD_KINDS),
        after ? sql`${ledgerLinks.recordedAt} >= ${parisMidnight(nextDay(after))}` : undefined,
        sql`${ledgerLinks.recordedAt} < ${parisMidnight(before)}`,
      ),
    )
    .orderBy(sql`1`);
  return rows.map((row) => row.period);
}

/** The last day closed by a closing of `kind`, if any. */
async function lastClosed(db: Database, companyId: number, kind: ClosingKind): Promise<string | null> {
  const [last] = await db
    .select({ end: ledgerClosings.periodEnd })
    .from(ledgerClosings)
    .where(and(eq(ledgerClosings.companyId, companyId), eq(ledgerClosings.kind, kind)))
    .orderBy(desc(ledgerClosings.periodEnd))
    .limit(1);
  return last?.end ?? null;
}

/**
 * Closes what has ended for one garage, oldest first: each day with records, each month, each fiscal year; then the
 * days without records up to yesterday (nothing to total, closed all the same). Answers how many closings it wrote.
 * Each closing's head is published once committed (`publish`).
 */
export async function closeCompany(db: Database, companyId: number, now: Date, publish?: PublishHead): Promise<number> {
  const today = parisToday(now);
  const closed: string[] = [];
  const close = async (kind: ClosingKind, start: string, end: string) => {
    const link = await db.transaction((tx) => closePeriod(tx, companyId, kind, start, end, now));
    if (!link) return;
    closed.push(closingPeriodLabel(kind, start, end));
    await publish?.({ companyId, ...link, kind: 'closing', from: start, to: end, at: now.toISOString() });
  };
  for (const day of await recordPeriods(db, companyId, 'day', await lastClosed(db, companyId, 'day'), today)) {
    await close('day', day, day);
  }
  for (const month of await recordPeriods(db, companyId, 'month', await lastClosed(db, companyId, 'month'), today)) {
    const end = monthEnd(month);
    if (end < today) await close('month', month, end);
  }
  const [company] = await db
    .select({ startMonth: companies.fiscalYearStartMonth })
    .from(companies)
    .where(eq(companies.id, companyId));
  const lastYear = await lastClosed(db, companyId, 'year');
  const years = new Map<string, string>();
  for (const month of await recordPeriods(db, companyId, 'month', lastYear, today)) {
    const { from, to } = fiscalYearAround(month, company?.startMonth ?? 1);
    // After a change of the fiscal year's first month, the next year starts where the last closed one ended.
    const start = lastYear && from <= lastYear ? nextDay(lastYear) : from;
    if (to < today && start <= to) years.set(start, to);
  }
  for (const [start, end] of years) await close('year', start, end);
  const yesterday = shiftDays(today, -1);
  await db.transaction(async (tx) => {
    await lockedHead(tx, companyId);
    await tx
      .update(ledgerHeads)
      .set({
        closedThrough: sql`greatest(coalesce(${ledgerHeads.closedThrough}, ${yesterday}::date), ${yesterday}::date)`,
      })
      .where(eq(ledgerHeads.companyId, companyId));
    // The pass is an event of the garage's log: which periods it closed.
    if (closed.length > 0) await logEvent(tx, companyId, 'closing', { periods: closed, closedThrough: yesterday });
  });
  return closed.length;
}

/** One pass over every garage with a chain (the instance's own log, company 0, has no records). */
export async function runClosings(db: Database, now = new Date(), publish?: PublishHead): Promise<number> {
  const heads = await db
    .select({ companyId: ledgerHeads.companyId })
    .from(ledgerHeads)
    .where(and(ne(ledgerHeads.companyId, 0), gt(ledgerHeads.seq, 0)))
    .orderBy(asc(ledgerHeads.companyId));
  let written = 0;
  for (const { companyId } of heads) written += await closeCompany(db, companyId, now, publish);
  return written;
}

export interface ClosingLoop {
  /** The first pass (what ended while the server was off) is over. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** Milliseconds from `now` to the next Paris midnight (at least a minute: a pass never runs twice in a row). */
export function untilNextParisDay(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: FRANCE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  const elapsed = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getMilliseconds();
  return Math.max(60_000, 24 * 3600_000 - elapsed);
}

/**
 * The automatic closings: a pass at start (what ended while the server was off), then a few seconds after each Paris
 * midnight (a day of 23 or 25 hours only shifts the next pass, which recomputes its delay). `afterPass` runs what
 * follows a closing (the yearly archives); `publish` writes each closing's head beside the signing key.
 */
export function startClosingLoop(
  db: Database,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  afterPass?: (now: Date) => Promise<unknown>,
  publish?: PublishHead,
): ClosingLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let closed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const pass = async () => {
    const now = new Date();
    try {
      const written = await runClosings(db, now, publish);
      if (written > 0) log.info({ written }, 'closings written');
    } catch (error) {
      log.error({ err: error }, 'closing pass failed');
    }
    // Serving may start once the books are closed; the archives that follow take their time behind it.
    closed();
    try {
      await afterPass?.(now);
      // An operator (and a test taking a backup) can tell the start's archives are written.
      if (afterPass) log.info({}, 'after-closing work done');
    } catch (error) {
      log.error({ err: error }, 'after-closing work failed');
    }
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass();
    }, untilNextParisDay(new Date()) + 5_000);
    timer.unref();
  };
  running = pass();
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
