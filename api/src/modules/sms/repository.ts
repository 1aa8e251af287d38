import {
  appointmentReminderAt,
  deliveryOutcome,
  FOLDER_NOT_FOUND_MESSAGE,
  type FolderSmsList,
  fillSmsPlaceholders,
  frenchMobile,
  htmlToText,
  isStopReply,
  maskedMobile,
  SMS_NO_MOBILE_MESSAGE,
  SMS_OPTED_OUT_MESSAGE,
  type SmsPurpose,
  type SmsStatus,
  smsPurposeOf,
  smsSegments,
  type TemplateSmsPurpose,
} from 'contracts';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { companies, folderHistory, folders, messageTemplates, outbox, smsOptOuts } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/domain-error';
import { lockFolder } from '../../lib/folder-lock';
import { franchiseCompanyIds } from '../../lib/franchise-scope';
import { escapeHtml } from '../../lib/sanitize';

type Db = Database | Transaction;
type FolderRow = typeof folders.$inferSelect;

const AUTOMATIC_APPOINTMENT_PURPOSES = ['appointment_confirmation', 'appointment_reminder'] as const;

/** The plate as written on a windscreen: AB-123-CD (SIV); older plates stay as typed. */
const platePrinted = (plate: string) =>
  /^[A-Z]{2}\d{3}[A-Z]{2}$/.test(plate) ? `${plate.slice(0, 2)}-${plate.slice(2, 5)}-${plate.slice(5)}` : plate;

/** Templates of these companies, and those their franchisors publish. */
const readableBy = (companyIds: readonly number[]) =>
  or(
    inArray(messageTemplates.companyId, [...companyIds]),
    and(eq(messageTemplates.shared, true), inArray(messageTemplates.companyId, franchiseCompanyIds(companyIds))),
  );

/** What the placeholders of a folder's SMS become. */
async function placeholderValues(db: Db, folder: FolderRow) {
  const [garage] = await db
    .select({ name: sql<string>`coalesce(${companies.tradeName}, ${companies.name})` })
    .from(companies)
    .where(eq(companies.id, folder.companyId));
  return {
    folderName: folder.plate,
    customer: [folder.civility, folder.lastName].filter(Boolean).join(' '),
    plate: platePrinted(folder.plate),
    appointmentAt: folder.appointmentAt,
    garage: garage?.name ?? '',
  };
}

/** The garage's SMS template of a purpose: its own first, else one its franchisor publishes; as plain text. */
async function templateText(db: Db, companyId: number, purpose: TemplateSmsPurpose): Promise<string | undefined> {
  const [row] = await db
    .select({ content: messageTemplates.content })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.purpose, purpose), readableBy([companyId])))
    .orderBy(sql`${messageTemplates.companyId} = ${companyId} desc`, desc(messageTemplates.id))
    .limit(1);
  return row ? htmlToText(row.content).trim() : undefined;
}

interface QueuedSms {
  folder: FolderRow;
  /** +33612345678 */
  to: string;
  text: string;
  purpose: SmsPurpose;
  /** Not before (a reminder); now when absent. */
  dueAt?: Date;
  userId: number | null;
}

/** One SMS in the outbox, and its line in the folder's history (the text, escaped: it is not HTML). */
async function queueSms(db: Db, sms: QueuedSms): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: 'sms',
      companyId: sms.folder.companyId,
      folderId: sms.folder.id,
      to: sms.to,
      body: sms.text,
      purpose: sms.purpose,
      segments: smsSegments(sms.text).segments,
      nextAttemptAt: sms.dueAt ?? null,
    })
    .returning({ id: outbox.id });
  await db.insert(folderHistory).values({
    folderId: sms.folder.id,
    companyId: sms.folder.companyId,
    userId: sms.userId,
    kind: 'sms',
    field: sms.purpose,
    newValue: sms.dueAt?.toISOString() ?? null,
    content: escapeHtml(sms.text),
  });
  return row?.id ?? 0;
}

export const isOptedOut = async (db: Db, phone: string): Promise<boolean> =>
  (await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).length > 0;

/**
 * After an appointment is booked, moved or cancelled (in its transaction, the folder locked): the confirmation and
 * reminder not yet sent are cancelled; a booking in the future writes a confirmation now and a reminder the day
 * before at 10:00 Paris time (none when that moment has passed), each only if the garage has a template for it and
 * the customer a French mobile number.
 */
export async function rescheduleAppointmentSms(
  tx: Transaction,
  before: FolderRow,
  at: Date | null,
  userId: number,
  now = new Date(),
): Promise<void> {
  if ((before.appointmentAt?.getTime() ?? null) === (at?.getTime() ?? null)) return;
  await tx
    .update(outbox)
    .set({ cancelledAt: sql`now()`, cancelReason: 'appointment_changed', nextAttemptAt: null })
    .where(
      and(
        eq(outbox.folderId, before.id),
        eq(outbox.channel, 'sms'),
        inArray(outbox.purpose, [...AUTOMATIC_APPOINTMENT_PURPOSES]),
        isNull(outbox.sentAt),
        isNull(outbox.cancelledAt),
      ),
    );
  const to = frenchMobile(before.phone);
  if (!at || at <= now || !to) return;
  const folder = { ...before, appointmentAt: at };
  const values = await placeholderValues(tx, folder);
  const confirmation = await templateText(tx, folder.companyId, 'appointment_confirmation');
  if (confirmation) {
    const text = fillSmsPlaceholders(confirmation, values);
    await queueSms(tx, { folder, to, text, purpose: 'appointment_confirmation', userId });
  }
  const reminder = await templateText(tx, folder.companyId, 'appointment_reminder');
  const reminderAt = appointmentReminderAt(at);
  if (reminder && reminderAt > now) {
    const text = fillSmsPlaceholders(reminder, values);
    await queueSms(tx, { folder, to, text, purpose: 'appointment_reminder', dueAt: reminderAt, userId });
  }
}

const TEMPLATE_NOT_SMS = 'Ce modèle n’est pas un modèle SMS de vos garages';

/**
 * An SMS written from the folder page (a template's text, edited or not) to the folder's customer: its purpose is
 * its template's (« Véhicule prêt »), else `manual`. The folder must be locked by the caller.
 */

/**
 * An SMS written from a folder the caller may edit (`editable`), the folder locked meanwhile so its history and the
 * outbox take the SMS in the order the clicks came; 404 for a folder out of reach.
 */
export async function writeFolderSms(
  db: Database,
  caller: { userId: number; editable: number[]; readable: readonly number[] },
  folderId: number,
  body: { text: string; templateId?: number | undefined },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const folder = await lockFolder(tx, { userId: caller.userId, companyIds: caller.editable }, folderId);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    return sendFolderSms(tx, folder, body, caller.readable, caller.userId);
  });
}

export async function sendFolderSms(
  tx: Transaction,
  folder: FolderRow,
  body: { text: string; templateId?: number | undefined },
  readableCompanyIds: readonly number[],
  userId: number,
): Promise<{ id: number }> {
  const to = frenchMobile(folder.phone);
  if (!to) throw conflict(SMS_NO_MOBILE_MESSAGE);
  if (await isOptedOut(tx, to)) throw conflict(SMS_OPTED_OUT_MESSAGE);
  let purpose: SmsPurpose = 'manual';
  if (body.templateId !== undefined) {
    const [template] = await tx
      .select({ type: messageTemplates.type, purpose: messageTemplates.purpose })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, body.templateId), readableBy(readableCompanyIds)));
    if (template?.type !== 'sms') throw invalid(TEMPLATE_NOT_SMS);
    purpose = smsPurposeOf(template.purpose) ?? 'manual';
  }
  // Placeholders typed by hand are filled too.
  const text = fillSmsPlaceholders(body.text, await placeholderValues(tx, folder));
  return { id: await queueSms(tx, { folder, to, text, purpose, userId }) };
}

function statusOf(
  row: {
    sentAt: Date | null;
    cancelReason: string | null;
    lastError: string | null;
    attempts: number;
    nextAttemptAt: Date | null;
  },
  configured: boolean,
): SmsStatus {
  if (row.cancelReason === 'opt_out') return 'opted_out';
  if (row.cancelReason === 'invalid_number') return 'invalid_number';
  if (row.cancelReason) return 'cancelled';
  // A reminder planned for later is « Programmé » whether or not a provider is configured yet.
  if (!row.sentAt && row.attempts === 0 && row.nextAttemptAt && row.nextAttemptAt.getTime() > Date.now()) {
    return 'scheduled';
  }
  const outcome = deliveryOutcome(row, configured);
  if (outcome !== 'pending') return outcome;
  return 'pending';
}

/**
 * The folder's SMS card, undefined when the folder is not the caller's: its SMS newest first with their status,
 * whether its customer can be texted, and the SMS templates the caller may use (theirs and their franchisor's
 * published ones) filled for this folder.
 */
/** The folder's SMS card; `configuredFor`: whether the garage has an SMS provider (`Senders.sourceFor`). */
export async function folderSmsList(
  db: Database,
  companyIds: readonly number[],
  folderId: number,
  configuredFor: (companyId: number) => Promise<boolean>,
): Promise<FolderSmsList | undefined> {
  if (companyIds.length === 0) return undefined;
  const [folder] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), inArray(folders.companyId, [...companyIds])));
  if (!folder) return undefined;
  const mobile = frenchMobile(folder.phone);
  const [rows, templates, values, optedOut, configured] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.folderId, folderId), eq(outbox.channel, 'sms')))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(200),
    db
      .select({
        id: messageTemplates.id,
        subject: messageTemplates.subject,
        purpose: messageTemplates.purpose,
        content: messageTemplates.content,
      })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.type, 'sms'), readableBy(companyIds)))
      .orderBy(asc(messageTemplates.subject), asc(messageTemplates.id))
      .limit(100),
    placeholderValues(db, folder),
    mobile ? isOptedOut(db, mobile) : Promise.resolve(false),
    configuredFor(folder.companyId),
  ]);
  return {
    mobile: mobile !== null,
    optedOut,
    templates: templates.map(({ content, purpose, ...template }) => ({
      ...template,
      purpose: smsPurposeOf(purpose),
      text: fillSmsPlaceholders(htmlToText(content).trim(), values),
    })),
    items: rows.map((row) => {
      const to = frenchMobile(row.to);
      return {
        id: row.id,
        purpose: row.purpose ?? 'manual',
        to: to ? maskedMobile(to) : '—',
        text: row.body,
        segments: row.segments ?? smsSegments(row.body).segments,
        status: statusOf(row, configured),
        dueAt: (row.sentAt ?? row.nextAttemptAt ?? row.createdAt).toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        error: row.sentAt ? null : row.lastError,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}

/**
 * A reply relayed by the provider: « STOP » records the number (any later SMS to it is cancelled, not sent) and
 * cancels those waiting. Answers whether it was a STOP.
 */
export async function recordReply(db: Database, from: string, reply: string): Promise<boolean> {
  if (!isStopReply(reply)) return false;
  const phone = frenchMobile(from) ?? from.trim();
  await db.transaction(async (tx) => {
    await tx
      .insert(smsOptOuts)
      .values({ phone, reply: reply.slice(0, 200) })
      .onConflictDoNothing();
    await tx
      .update(outbox)
      .set({ cancelledAt: sql`now()`, cancelReason: 'opt_out', nextAttemptAt: null })
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.to, phone), isNull(outbox.sentAt), isNull(outbox.cancelledAt)));
  });
  return true;
}
