import {
  CASH_UP_EXPLANATION_REQUIRED,
  CASH_UP_FUTURE_DAY,
  CASH_UP_NOT_FOUND,
  type CashUp,
  type CashUpDay,
  type CashUpReceipt,
  cashUpAlreadyClosed,
  cashUpBalance,
  type cashUpBodySchema,
  PAYMENT_METHODS,
  parisToday,
} from 'contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../../db';
import { cashUps, payments, users } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../lib/domain-error';
import { parisMidnight } from '../../../lib/paris-time';
import { logEvent } from '../../ledger/events';

/*
 * The till of one garage and one Paris day: the receipts recorded that day (what the drawer and the card terminal
 * took, whatever their value date), by means of payment, refunds and cancellations subtracted; its closing, written
 * once and kept (the table's trigger refuses any change), and an event of the garage's technical log.
 */

/** The day's receipts by means of payment, every means listed (0 when none). */
export async function dayReceipts(db: Database | Transaction, companyId: number, day: string) {
  const rows = await db
    .select({
      method: payments.method,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${payments.amount}), 0)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        // Money moved on an insurer's account changed no hands.
        eq(payments.moved, false),
        sql`${payments.createdAt} >= ${parisMidnight(day)}`,
        sql`${payments.createdAt} < ${parisMidnight(day)} + interval '1 day'`,
      ),
    )
    .groupBy(payments.method);
  return PAYMENT_METHODS.map((method): CashUpReceipt => {
    const found = rows.find((row) => row.method === method);
    return { method, count: found?.count ?? 0, amount: found?.amount ?? 0 };
  });
}

const cashOf = (receipts: CashUpReceipt[]) => receipts.find((receipt) => receipt.method === 'cash')?.amount ?? 0;

const cashUpColumns = {
  id: cashUps.id,
  companyId: cashUps.companyId,
  day: cashUps.day,
  receipts: cashUps.receipts,
  floatAmount: cashUps.floatAmount,
  expectedCash: cashUps.expectedCash,
  countedCash: cashUps.countedCash,
  difference: cashUps.difference,
  explanation: cashUps.explanation,
  closedBy: sql<string>`coalesce(trim(${users.firstname} || ' ' || ${users.name}), '')`,
  closedAt: cashUps.closedAt,
};

async function cashUpWhere(db: Database | Transaction, where: ReturnType<typeof and>): Promise<CashUp | undefined> {
  const [row] = await db
    .select(cashUpColumns)
    .from(cashUps)
    .leftJoin(users, eq(users.id, cashUps.closedBy))
    .where(where);
  return row && { ...row, closedAt: row.closedAt.toISOString() };
}

/** The selected garage's day: its receipts, the net cash taken, and its closing when the till was closed. */
export async function cashUpDay(db: Database, companyId: number, day: string): Promise<CashUpDay> {
  const [receipts, closed] = await Promise.all([
    dayReceipts(db, companyId, day),
    cashUpWhere(db, and(eq(cashUps.companyId, companyId), eq(cashUps.day, day))),
  ]);
  return { day, receipts, cashReceived: cashOf(receipts), closed: closed ?? null };
}

/** One closing within the caller's companies: another garage's is « not found ». */
export async function findCashUp(db: Database, companyIds: number[], id: number): Promise<CashUp> {
  const found = await cashUpWhere(db, and(eq(cashUps.id, id), inArray(cashUps.companyId, companyIds)));
  if (!found) throw notFound(CASH_UP_NOT_FOUND);
  return found;
}

type CashUpInput = z.output<typeof cashUpBodySchema>;

/**
 * Closes the till of `day`: the receipts as they stand, the expected cash (float plus the day's net cash), the count
 * and its difference, which must be explained when there is one. Never a day to come; once per garage and day (the
 * unique index settles two cashiers closing at once: the second gets 409).
 */
export async function closeCashUp(
  db: Database,
  companyId: number,
  input: CashUpInput,
  userId: number,
): Promise<CashUp> {
  if (input.day > parisToday()) throw invalid(CASH_UP_FUTURE_DAY);
  const id = await db.transaction(async (tx) => {
    const [closed] = await tx
      .select({ id: cashUps.id })
      .from(cashUps)
      .where(and(eq(cashUps.companyId, companyId), eq(cashUps.day, input.day)));
    if (closed) throw conflict(cashUpAlreadyClosed(input.day));
    const receipts = await dayReceipts(tx, companyId, input.day);
    const balance = cashUpBalance({ ...input, cashReceived: cashOf(receipts) });
    if (balance.difference !== 0 && !input.explanation) throw invalid(CASH_UP_EXPLANATION_REQUIRED);
    const [row] = await tx
      .insert(cashUps)
      .values({ companyId, ...input, ...balance, receipts, closedBy: userId })
      .onConflictDoNothing({ target: [cashUps.companyId, cashUps.day] })
      .returning({ id: cashUps.id });
    if (!row) throw conflict(cashUpAlreadyClosed(input.day));
    await logEvent(tx, companyId, 'cash-up', { day: input.day, ...balance, countedCash: input.countedCash }, userId);
    return row.id;
  });
  return findCashUp(db, [companyId], id);
}
