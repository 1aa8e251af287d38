import {
  type AutoReminder,
  BILLING_DOCUMENT_NOT_FOUND,
  DEFAULT_INSURER_REMINDER,
  formatEurosText,
  htmlToText,
  INSURER_REMINDER_INTERVAL_DAYS,
  type InsurerRemindResult,
  invoiceBalance,
  OPENING_BALANCE_TYPE,
  parisToday,
  REMINDER_ALREADY_TODAY,
  REMINDER_NO_EMAIL,
  REMINDER_NOT_DUE,
  REMINDER_NOTHING_DUE,
  REMINDER_OPENING_BALANCE,
} from 'contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db';
import { billingDocuments, insurerReminders, insurers, messageTemplates } from '../../../db/schema';
import { notFound } from '../../../lib/domain-error';
import { isReceivableType } from '../../../lib/receivable-type';
import { isUniqueViolation } from '../../../lib/unique-violation';
import { visibleInsurers } from '../../insurers/repository';
import { findDocument, sellerOf } from '../documents/documents-queries';
import { fillPlaceholders, placeholderValues, queueDocumentMail } from '../mails/document-mails';
import { due, unsettledInsurerInvoice } from './insurer-invoices-sql';

/*
 * Reminders to insurers whose invoices are past due: one e-mail per invoice through the outbox, its original
 * attached, written from the garage's « Assurance » template marked `insurer_reminder` (the default text for a
 * reminder sent by hand without one), recorded in `insurer_reminders` in the same transaction (once a day per
 * invoice: two instances reminding at once write one). With the template, `remindOverdueInsurers` runs every hour
 * and reminds each invoice past due, then every INSURER_REMINDER_INTERVAL_DAYS while it stays unpaid.
 */

type Template = { subject: string; content: string };

/** How often the automatic pass looks for invoices to remind. */
export const INSURER_REMINDERS_EVERY_MS = 3_600_000;

/** The garage's reminder template, if it reminds insurers by itself. */
async function reminderTemplate(db: Database, companyId: number): Promise<Template | undefined> {
  const [template] = await db
    .select({ subject: messageTemplates.subject, content: messageTemplates.content })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.companyId, companyId), eq(messageTemplates.purpose, 'insurer_reminder')));
  return template;
}

/** The insurer's address: the one its invoice names, else its directory entry's (by SIREN, else by name). */
async function insurerEmail(
  db: Database,
  companyId: number,
  buyer: { name: string; siren?: string | null; email?: string | null },
) {
  if (buyer.email?.trim()) return buyer.email.trim();
  const [entry] = await db
    .select({ email: insurers.email })
    .from(insurers)
    .where(
      and(
        visibleInsurers([companyId]),
        buyer.siren ? eq(insurers.siren, buyer.siren) : eq(insurers.legalName, buyer.name),
        sql`${insurers.email} <> ''`,
      ),
    )
    .limit(1);
  return entry?.email ?? '';
}

/**
 * Reminds the insurer of one invoice of `companyIds` now; answers why not when it does not (not past due, no
 * address, already reminded today). Not one of the caller's insurer invoices, or nothing left to pay: undefined.
 */
export async function remindInsurerInvoice(
  db: Database,
  companyIds: number[],
  invoiceId: number,
  userId: number | null,
): Promise<string | undefined | 'reminded'> {
  const document = await findDocument(db, companyIds, invoiceId);
  if ((document?.type as string | undefined) === OPENING_BALANCE_TYPE) return REMINDER_OPENING_BALANCE;
  const remindable =
    document?.type === 'invoice' &&
    document.billTo === 'insurer' &&
    ['issued', 'partial'].includes(document.status) &&
    invoiceBalance(document) > 0;
  if (!document || !remindable) return undefined;
  const today = parisToday();
  if (!document.dueDate || document.dueDate >= today) return REMINDER_NOT_DUE;
  const to = await insurerEmail(db, document.companyId, document.customer);
  if (!to) return REMINDER_NO_EMAIL;
  const seller = await sellerOf(db, document.companyId);
  const template = await reminderTemplate(db, document.companyId);
  const text = template
    ? { subject: template.subject, body: htmlToText(template.content).trim() }
    : {
        ...DEFAULT_INSURER_REMINDER,
        body: `${DEFAULT_INSURER_REMINDER.body}\n${seller.tradeName?.trim() || seller.name}`,
      };
  // What a reminder asks for is what is left to pay, not the invoice's total.
  const values = { ...placeholderValues(document), '#MONTANT#': formatEurosText(invoiceBalance(document)) };
  const mail = {
    to,
    copyToGarage: false,
    subject: fillPlaceholders(text.subject, values),
    body: fillPlaceholders(text.body, values),
  };
  try {
    await queueDocumentMail(db, document, mail, userId, async (tx, outboxId) => {
      await tx
        .insert(insurerReminders)
        .values({ companyId: document.companyId, invoiceId, outboxId, day: today, userId });
    });
    return 'reminded';
  } catch (error) {
    if (isUniqueViolation(error)) return REMINDER_ALREADY_TODAY;
    throw error;
  }
}

/** `POST /api/paiement/receivables/remind`: each invoice reminded now, or why not. */
export async function remindInsurers(
  db: Database,
  companyIds: number[],
  invoiceIds: number[],
  userId: number,
): Promise<InsurerRemindResult> {
  const numbers = await db
    .select({ id: billingDocuments.id, number: billingDocuments.number })
    .from(billingDocuments)
    .where(
      and(
        inArray(billingDocuments.id, invoiceIds),
        inArray(billingDocuments.companyId, companyIds),
        isReceivableType,
        eq(billingDocuments.billTo, 'insurer'),
      ),
    );
  if (numbers.length !== new Set(invoiceIds).size) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
  const numberOf = new Map(numbers.map((row) => [row.id, row.number ?? '']));
  const result: InsurerRemindResult = { reminded: [], skipped: [] };
  for (const invoiceId of invoiceIds) {
    const outcome = await remindInsurerInvoice(db, companyIds, invoiceId, userId);
    const number = numberOf.get(invoiceId) ?? '';
    if (outcome === 'reminded') result.reminded.push({ invoiceId, number });
    else result.skipped.push({ invoiceId, number, reason: outcome ?? REMINDER_NOTHING_DUE });
  }
  return result;
}

/** How many of `companyIds` remind insurers by themselves. */
export async function autoReminderOf(db: Database, companyIds: number[]): Promise<AutoReminder> {
  const [row] = await db
    .select({ active: sql<number>`count(distinct ${messageTemplates.companyId})::int` })
    .from(messageTemplates)
    .where(and(inArray(messageTemplates.companyId, companyIds), eq(messageTemplates.purpose, 'insurer_reminder')));
  return { garages: companyIds.length, active: row?.active ?? 0 };
}

/**
 * The automatic pass: the insurer invoices past due of every garage with a reminder template, not reminded for
 * INSURER_REMINDER_INTERVAL_DAYS, the longest overdue first, `limit` at most. Answers how many were reminded.
 */
export async function remindOverdueInsurers(db: Database, limit = 200): Promise<number> {
  const today = parisToday();
  const overdue = await db
    .select({ id: billingDocuments.id, companyId: billingDocuments.companyId })
    .from(billingDocuments)
    .innerJoin(
      messageTemplates,
      and(eq(messageTemplates.companyId, billingDocuments.companyId), eq(messageTemplates.purpose, 'insurer_reminder')),
    )
    .where(
      and(
        unsettledInsurerInvoice,
        // A reminder sends the invoice's PDF: the former software's balances are reminded by hand.
        eq(billingDocuments.type, 'invoice'),
        sql`${due} > 0`,
        sql`${billingDocuments.dueDate} < ${today}::date`,
        sql`not exists (select 1 from ${insurerReminders} r where r.invoice_id = ${billingDocuments.id} and r.day > ${today}::date - ${INSURER_REMINDER_INTERVAL_DAYS}::int)`,
      ),
    )
    .orderBy(asc(billingDocuments.dueDate), asc(billingDocuments.id))
    .limit(limit);
  let reminded = 0;
  for (const invoice of overdue) {
    if ((await remindInsurerInvoice(db, [invoice.companyId], invoice.id, null)) === 'reminded') reminded += 1;
  }
  return reminded;
}

/** Runs the automatic pass now and then every `everyMs`; `stop` waits for the pass in flight. */
export function startInsurerReminderLoop(
  db: Database,
  everyMs: number,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
) {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = remindOverdueInsurers(db)
      .then((count) => {
        if (count > 0) log.info({ reminded: count }, 'insurers reminded of their invoices past due');
      })
      .catch((error: unknown) => log.error({ err: error }, 'insurer reminders failed'));
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
