import { createHash, randomUUID } from 'node:crypto';
import {
  type LifecycleCode,
  PLATFORM_MESSAGES,
  RECEIVED_NEXT,
  RECEIVED_STATUS_LABELS,
  type ReceivedInvoiceView,
  type ReceivedStatus,
  type ReceivedStatusBody,
} from 'contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, expenses, outbox, platformFlows, receivedInvoices } from '../../db/schema';
import { conflict, notFound } from '../../lib/domain-error';
import { iso } from '../../lib/iso-date';
import { cdarXml } from './lifecycle/cdar';
import type { FlowInfo } from './platform/xp-z12-013';
import type { ReceivedLine, ReceivedTax } from './reading/received-invoice';

/*
 * The garage's answer to a supplier invoice: « Prise en charge », « Approuvée », « En litige », « Refusée » (with its
 * reason code), saved with the expense and sent back to the supplier through the platform as a lifecycle message
 * (CDAR), queued in the outbox in the same transaction: the status never changes without its message leaving.
 */

const CODES: Record<Exclude<ReceivedStatus, 'received'>, LifecycleCode> = {
  taken: '204',
  approved: '205',
  disputed: '207',
  refused: '210',
};

/** Sequence of one received invoice's statuses in the outbox: they leave one at a time, in order. */
const sequenceOf = (expenseId: number) => `received:${expenseId}`;

export async function setReceivedStatus(
  db: Database,
  auth: { companyIds: number[]; userId: number },
  expenseId: number,
  body: { status: Exclude<ReceivedStatus, 'received'>; reasonCode: string; reasonText: string } & ReceivedStatusBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: receivedInvoices.status,
        companyId: receivedInvoices.companyId,
        number: receivedInvoices.number,
        issueDate: receivedInvoices.issueDate,
        typeCode: receivedInvoices.typeCode,
        supplierSiren: receivedInvoices.supplierSiren,
        supplierName: expenses.supplierName,
        garageName: companies.name,
        garageSiret: companies.siret,
      })
      .from(receivedInvoices)
      .innerJoin(expenses, eq(expenses.id, receivedInvoices.expenseId))
      .innerJoin(companies, eq(companies.id, receivedInvoices.companyId))
      .where(and(eq(receivedInvoices.expenseId, expenseId), inArray(receivedInvoices.companyId, auth.companyIds)))
      .for('update', { of: receivedInvoices });
    if (!row) throw notFound(PLATFORM_MESSAGES.receivedNotFound);
    if (!RECEIVED_NEXT[row.status].includes(body.status)) throw conflict(PLATFORM_MESSAGES.alreadyFinal);
    const reason = body.reasonCode ? { code: body.reasonCode, text: body.reasonText } : undefined;
    await tx
      .update(receivedInvoices)
      .set({
        status: body.status,
        statusReasonCode: reason?.code ?? null,
        statusReasonText: reason?.text ?? null,
        statusAt: sql`now()`,
        statusBy: auth.userId,
      })
      .where(eq(receivedInvoices.expenseId, expenseId));
    const messageId = randomUUID();
    const xml = cdarXml({
      messageId,
      issuedAt: new Date(),
      code: CODES[body.status],
      ...(reason ? { reason } : {}),
      invoice: { number: row.number, issueDay: row.issueDate, typeCode: row.typeCode },
      sender: { name: row.garageName, siren: (row.garageSiret ?? '').slice(0, 9), role: 'BY' },
      recipient: { name: row.supplierName, siren: row.supplierSiren, role: 'SE' },
    });
    const bytes = Buffer.from(xml, 'utf8');
    const name = `statut-${CODES[body.status]}-${row.number.replace(/[^\w-]/g, '_')}.xml`;
    const info: FlowInfo = { trackingId: messageId, name, flowSyntax: 'CDAR', processingRule: 'B2B' };
    await tx.insert(outbox).values({
      channel: 'platform',
      companyId: row.companyId,
      to: 'SupplierInvoiceLC',
      subject: `${RECEIVED_STATUS_LABELS[body.status]} — facture ${row.number}`,
      body: JSON.stringify(info),
      attachmentName: name,
      attachment: bytes,
      attachmentSha256: createHash('sha256').update(bytes).digest('hex'),
      sequenceKey: sequenceOf(expenseId),
    });
  });
}

/** The received invoice behind an expense of the user's garages, with the statuses sent back. */
export async function receivedInvoiceView(
  db: Database,
  companyIds: number[],
  expenseId: number,
): Promise<ReceivedInvoiceView> {
  const [row] = await db
    .select({
      invoice: receivedInvoices,
      supplierName: expenses.supplierName,
      preTaxAmount: expenses.preTaxAmount,
      taxAmount: expenses.taxAmount,
      source: platformFlows.source,
    })
    .from(receivedInvoices)
    .innerJoin(expenses, eq(expenses.id, receivedInvoices.expenseId))
    .innerJoin(platformFlows, eq(platformFlows.id, receivedInvoices.flowRowId))
    .where(and(eq(receivedInvoices.expenseId, expenseId), inArray(receivedInvoices.companyId, companyIds)));
  if (!row) throw notFound(PLATFORM_MESSAGES.receivedNotFound);
  const sent = await db
    .select({
      status: outbox.subject,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      lastError: outbox.lastError,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(and(eq(outbox.channel, 'platform'), eq(outbox.sequenceKey, sequenceOf(expenseId))))
    .orderBy(asc(outbox.id));
  const { invoice } = row;
  return {
    expenseId,
    syntax: invoice.syntax,
    source: row.source,
    typeCode: invoice.typeCode,
    number: invoice.number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    supplier: { name: row.supplierName, siren: invoice.supplierSiren },
    lines: invoice.lines as ReceivedLine[],
    taxes: invoice.taxes as ReceivedTax[],
    preTaxAmount: row.preTaxAmount,
    taxAmount: row.taxAmount,
    totalAmount: invoice.totalAmount,
    dueAmount: invoice.dueAmount,
    status: invoice.status,
    statusReason: invoice.statusReasonCode
      ? { code: invoice.statusReasonCode, text: invoice.statusReasonText ?? '' }
      : null,
    statusAt: iso(invoice.statusAt),
    sent: sent.map((each) => ({
      status: each.status,
      createdAt: each.createdAt.toISOString(),
      sentAt: iso(each.sentAt),
      lastError: each.lastError,
      nextAttemptAt: each.sentAt ? null : iso(each.nextAttemptAt),
    })),
  };
}
