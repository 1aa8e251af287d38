import {
  BILLING_DOCUMENT_NOT_FOUND,
  formatEurosText,
  INSURER_INVOICES_LIMIT,
  type InsurerInvoice,
  type InsurerReceivable,
  type InsurerReceivables,
  type InsurerTransfer,
  type insurerTransferBodySchema,
  OPENING_BALANCE_TYPE,
  parisToday,
  RECEIVABLE_BUCKETS,
  splitTransfer,
  TRANSFER_EXCEEDS_INVOICES,
  TRANSFER_INVOICE_NOT_DUE,
} from 'contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db';
import { billingDocuments, folders, insurerReminders } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../lib/domain-error';
import { PARIS_TODAY, PARIS_ZONE } from '../../../lib/paris-time';
import { isReceivableType } from '../../../lib/receivable-type';
import { due, insurerName, insurerSiren, unsettledInsurerInvoices } from './insurer-invoices-sql';
import { onAccountByInsurer } from './insurer-on-account';
import { autoReminderOf } from './insurer-reminders';
import { recordPayment } from './payments-repository';

/*
 * What insurers owe: the issued insurer invoices not settled (status issued or partial), each for its total less its
 * credit notes and payments, aged in Paris days since issue. One aggregate per insurer, read through the partial
 * index of unsettled insurer invoices (migration 0052).
 */

const issueDay = sql`(${billingDocuments.issuedAt} at time zone ${PARIS_ZONE})::date`;
const age = sql<number>`(${PARIS_TODAY} - ${issueDay})`;

const BUCKET_SQL = {
  upTo30: sql`${age} <= 30`,
  upTo60: sql`${age} between 31 and 60`,
  upTo90: sql`${age} between 61 and 90`,
  over90: sql`${age} > 90`,
};
const bucketSums = Object.fromEntries(
  RECEIVABLE_BUCKETS.map((bucket) => [
    bucket,
    sql<number>`coalesce(sum(${due}) filter (where ${BUCKET_SQL[bucket]}), 0)::int`,
  ]),
) as Record<(typeof RECEIVABLE_BUCKETS)[number], ReturnType<typeof sql<number>>>;

/** Per insurer of the caller's garages, the most owed first; and the totals. */
export async function insurerReceivables(db: Database, companyIds: number[]): Promise<InsurerReceivables> {
  const [rows, onAccount, autoReminder] = await Promise.all([
    owedByInsurer(db, companyIds),
    onAccountByInsurer(db, companyIds),
    autoReminderOf(db, companyIds),
  ]);
  const keyOf = (row: { insurer: string; siren: string }) => `${row.siren}\u0000${row.insurer}`;
  const held = new Map(onAccount.map((row) => [keyOf(row), row.onAccount]));
  const insurers = rows.map(
    ({ upTo30, upTo60, upTo90, over90, ...row }): InsurerReceivable => ({
      ...row,
      buckets: { upTo30, upTo60, upTo90, over90 },
      onAccount: held.get(keyOf(row)) ?? 0,
    }),
  );
  // An insurer that owes nothing but left money on account is listed too, last.
  const owing = new Set(rows.map(keyOf));
  for (const row of onAccount) {
    if (owing.has(keyOf(row))) continue;
    insurers.push({ ...row, invoices: 0, due: 0, buckets: NO_BUCKETS, oldestIssueDay: '' });
  }
  const sum = (pick: (row: InsurerReceivable) => number) => insurers.reduce((total, row) => total + pick(row), 0);
  return {
    insurers,
    autoReminder,
    total: {
      invoices: sum((row) => row.invoices),
      due: sum((row) => row.due),
      buckets: {
        upTo30: sum((row) => row.buckets.upTo30),
        upTo60: sum((row) => row.buckets.upTo60),
        upTo90: sum((row) => row.buckets.upTo90),
        over90: sum((row) => row.buckets.over90),
      },
      onAccount: sum((row) => row.onAccount),
    },
  };
}

const NO_BUCKETS = { upTo30: 0, upTo60: 0, upTo90: 0, over90: 0 };

/** What each insurer owes on its unsettled invoices, by age; the most owed first. */
function owedByInsurer(db: Database, companyIds: number[]) {
  return db
    .select({
      insurer: insurerName,
      siren: insurerSiren,
      invoices: sql<number>`count(*)::int`,
      due: sql<number>`coalesce(sum(${due}), 0)::int`,
      ...bucketSums,
      oldestIssueDay: sql<string>`min(${issueDay})::text`,
    })
    .from(billingDocuments)
    .where(and(unsettledInsurerInvoices(companyIds), sql`${due} > 0`))
    .groupBy(insurerName, insurerSiren)
    .orderBy(sql`4 desc`, insurerName);
}

/** One insurer's unsettled invoices in the caller's garages, oldest first (at most INSURER_INVOICES_LIMIT). */
export async function insurerInvoices(
  db: Database,
  companyIds: number[],
  insurer: { insurer: string; siren: string },
): Promise<InsurerInvoice[]> {
  return db
    .select({
      id: billingDocuments.id,
      number: sql<string>`coalesce(${billingDocuments.number}, '')`,
      openingBalance: sql<boolean>`${billingDocuments.type} = ${OPENING_BALANCE_TYPE}`,
      companyId: billingDocuments.companyId,
      folderId: billingDocuments.folderId,
      folderNumber: folders.number,
      claimNumber: billingDocuments.buyerReference,
      issueDay: sql<string>`${issueDay}::text`,
      dueDate: billingDocuments.dueDate,
      totalAmount: billingDocuments.totalAmount,
      due: sql<number>`${due}::int`,
      age: sql<number>`${age}::int`,
      lastReminderDay: sql<
        string | null
      >`(select max(r.day)::text from ${insurerReminders} r where r.invoice_id = ${billingDocuments.id})`,
    })
    .from(billingDocuments)
    .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
    .where(
      and(
        unsettledInsurerInvoices(companyIds),
        sql`${due} > 0`,
        sql`${insurerName} = ${insurer.insurer}`,
        sql`${insurerSiren} = ${insurer.siren}`,
      ),
    )
    .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id))
    .limit(INSURER_INVOICES_LIMIT);
}

/**
 * One insurer transfer (or cheque) matched to several invoices, in one transaction on their locked rows: the amount
 * settles them oldest first, each to the cent, the last one partly when it runs out; each share is a payment of its
 * own (chained, in the lists and the accounts) bearing the transfer's reference. An invoice outside the caller's
 * garages, or not an insurer's, is « not found », one with nothing left to pay refused (409), an amount above what
 * they owe refused (400): nothing is recorded then.
 */
export async function recordInsurerTransfer(
  db: Database,
  companyIds: number[],
  input: z.output<typeof insurerTransferBodySchema>,
  userId: number,
): Promise<InsurerTransfer> {
  return db.transaction(async (tx) => {
    const invoices = await tx
      .select({ id: billingDocuments.id, number: billingDocuments.number, status: billingDocuments.status, due })
      .from(billingDocuments)
      .where(
        and(
          inArray(billingDocuments.id, input.invoiceIds),
          inArray(billingDocuments.companyId, companyIds),
          isReceivableType,
          eq(billingDocuments.billTo, 'insurer'),
        ),
      )
      .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id))
      .for('update');
    if (invoices.length !== new Set(input.invoiceIds).size) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
    if (invoices.some((invoice) => !['issued', 'partial'].includes(invoice.status) || invoice.due <= 0)) {
      throw conflict(TRANSFER_INVOICE_NOT_DUE);
    }
    const { shares, excess } = splitTransfer(
      input.amount,
      invoices.map((invoice) => invoice.due),
    );
    if (excess > 0 && !input.leaveOnAccount) throw invalid(TRANSFER_EXCEEDS_INVOICES(formatEurosText(excess)));
    const recorded: InsurerTransfer['payments'] = [];
    const last = invoices.length - 1;
    for (const [index, invoice] of invoices.entries()) {
      // The rest stays on the insurer's account, held by the newest invoice (see insurer-on-account.ts).
      const onAccount = index === last ? excess : 0;
      const amount = (shares[index] ?? 0) + onAccount;
      if (amount === 0) continue;
      await recordPayment(tx, {
        companyIds,
        invoiceId: invoice.id,
        amount,
        method: input.type,
        paidOn: input.date ?? parisToday(),
        comment: input.reference || 'Virement assureur',
        userId,
        beyondDue: onAccount > 0,
      });
      recorded.push({ invoiceId: invoice.id, number: invoice.number ?? '', amount });
    }
    return { payments: recorded };
  });
}
