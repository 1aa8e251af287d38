import { parisDay } from 'contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerClosings, ledgerHeads, ledgerLinks, payments } from '../../src/db/schema';
import { archiveContents } from '../../src/modules/archives/archive-contents';
import { closeCompany } from '../../src/modules/ledger/closings';
import { createTestApp } from '../helpers';

/*
 * The demo's receipts are where « Intégrité » and the closings both see them: each payment joined the chain on the day
 * it was taken, so the ended days' closings and the signed archives of past periods hold them, and what they add up
 * to, with today's, is the chain's running total of receipts.
 */

let app: FastifyInstance;
let companyId: number;

const total = (receipts: Record<string, number>) => Object.values(receipts).reduce((sum, amount) => sum + amount, 0);

beforeAll(async () => {
  app = await createTestApp();
  // The demo garage with the most payments.
  const [busiest] = await app.db
    .select({ companyId: payments.companyId })
    .from(payments)
    .groupBy(payments.companyId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  companyId = busiest?.companyId ?? 0;
  await closeCompany(app.db, companyId, new Date());
});
afterAll(() => app.close());

describe('the demo’s closings', () => {
  it('count its receipts: the ended days’ closings and today’s add up to the chain’s total', async () => {
    const days = await app.db
      .select({ totals: ledgerClosings.totals })
      .from(ledgerClosings)
      .where(and(eq(ledgerClosings.companyId, companyId), eq(ledgerClosings.kind, 'day')));
    const closed = days.reduce((sum, day) => sum + total(day.totals.receipts), 0);
    const daysWithReceipts = days.filter((day) => total(day.totals.receipts) !== 0).length;
    const [today = { amount: 0 }] = await app.db
      .select({ amount: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.companyId, companyId),
          sql`${payments.createdAt} >= (${parisDay(new Date())}::timestamp at time zone 'Europe/Paris')`,
        ),
      );
    const [head] = await app.db.select().from(ledgerHeads).where(eq(ledgerHeads.companyId, companyId));

    expect(daysWithReceipts).toBeGreaterThan(10);
    expect(closed).toBeGreaterThan(0);
    expect(closed + today.amount).toBe(total(head?.receipts ?? {}));
  });

  it('write a past month’s receipts into its signed archive', async () => {
    const [oldest] = await app.db
      .select({ recordedAt: ledgerLinks.recordedAt })
      .from(ledgerLinks)
      .where(and(eq(ledgerLinks.companyId, companyId), eq(ledgerLinks.kind, 'payment')))
      .orderBy(ledgerLinks.seq)
      .limit(1);
    const month = parisDay(oldest?.recordedAt ?? new Date()).slice(0, 7);
    const [year = 0, monthNumber = 0] = month.split('-').map(Number);
    const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
    const period = { from: `${month}-01`, to: `${month}-${lastDay}` };
    const contents = await app.db.transaction(async (tx) => {
      const [head] = await tx.select().from(ledgerHeads).where(eq(ledgerHeads.companyId, companyId));
      return archiveContents(tx, companyId, period, { seq: head?.seq ?? 0, eventSeq: head?.eventSeq ?? 0 });
    });
    const file = contents.files.find(([path]) => path === 'records/payments.json')?.[1];
    const listed = JSON.parse(new TextDecoder().decode(file)) as { record: { amount: number } | null }[];

    expect(month < parisDay(new Date()).slice(0, 7)).toBe(true);
    const counted = contents.counts.payments ?? 0;
    expect(counted).toBeGreaterThan(0);
    expect(listed).toHaveLength(counted);
    expect(listed.every((entry) => entry.record !== null && entry.record.amount !== 0)).toBe(true);
  });
});
