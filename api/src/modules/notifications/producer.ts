import { ALERT_MARKER, fillFolderPlaceholder, htmlToText, type NotificationType } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { memberships, outbox, users } from '../../db/schema';
import { escapeHtml } from '../../lib/sanitize';
import { loadConfig } from './config-repository';
import { insertAndAnnounce, type NewNotification } from './publish';
import { resolveRecipients } from './recipients';

export interface DomainEvent {
  companyId: number;
  event: NotificationType;
  folder?: { id: number; title: string } | null;
  /** The user in charge of the folder: the "owner" of the recipient rules. */
  ownerUserId?: number | null;
  /** Who did it (null: the system): never told of their own action, whatever the configuration says. */
  actorUserId: number | null;
  title: string;
  body: string;
  /** Adds "ALERTE A TRAITER", which makes the notification pop up as a modal. */
  alert?: boolean;
  avatarUrl?: string | null;
}

export interface NotifyResult {
  notificationIds: number[];
  recipients: number[];
  mails: string[];
  sms: string[];
}

/** Title, subtitle and body separated by line breaks (docs/product.md). */
export function composeContent(event: DomainEvent): string {
  const title = event.alert ? `${ALERT_MARKER} - ${event.title}` : event.title;
  const subtitle = event.folder ? `Dossier ${event.folder.title}` : '';
  return [title, subtitle, event.body]
    .filter(Boolean)
    .map((line) => escapeHtml(line))
    .join('<br>');
}

/**
 * The one entry point other features call on a domain event (a comment, a
 * reminder, a dispatch...). In-app recipients, mail recipients and SMS phones
 * follow the company's notification configuration; notifications, the outbox
 * rows and the NOTIFYs are written in one transaction.
 *
 * Mail and SMS are written to `outbox`: the mail module sends the mails when
 * SMTP_URL is set; SMS have no provider yet.
 */
export async function notifyUsers(db: Database, event: DomainEvent): Promise<NotifyResult> {
  const [config, members] = await Promise.all([
    loadConfig(db, event.companyId),
    db
      .select({ userId: memberships.userId, roles: memberships.roles, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      // Deactivated in this garage (or locked as a whole): no longer told of its events.
      .where(and(eq(memberships.companyId, event.companyId), eq(memberships.active, true), eq(users.active, true))),
  ]);

  const notActor = (userId: number) => userId !== event.actorUserId;
  const recipients = resolveRecipients(members, {
    choice: config.defaultRecipients,
    userIds: config.usersRecipients,
    ownerUserId: event.ownerUserId,
  }).filter(notActor);
  const mailUserIds = resolveRecipients(members, {
    choice: config.mailDefaultRecipients,
    userIds: config.mailUsersRecipients,
    ownerUserId: event.ownerUserId,
  }).filter(notActor);
  const emailOf = new Map(members.map((m) => [m.userId, m.email]));
  const mails = mailUserIds.map((id) => emailOf.get(id)).filter((email): email is string => Boolean(email));
  const phones = config.phones.map((p) => p.phone).filter(Boolean);
  const smsText = htmlToText(fillFolderPlaceholder(config.smsTemplate, event.folder?.title ?? '')).trim();
  const sms = smsText ? phones : [];

  const content = composeContent(event);
  const rows: NewNotification[] = recipients.map((userId) => ({
    userId,
    companyId: event.companyId,
    content,
    typeFolder: event.event,
    folderId: event.folder?.id ?? null,
    folderTitle: event.folder?.title ?? null,
    avatarUrl: event.avatarUrl ?? null,
  }));
  const subject = event.folder ? `${event.title} - Dossier ${event.folder.title}` : event.title;

  const notificationIds = await db.transaction(async (tx) => {
    const ids = await insertAndAnnounce(tx, rows);
    const messages = [
      ...mails.map((to) => ({ channel: 'mail' as const, companyId: event.companyId, to, subject, body: content })),
      ...sms.map((to) => ({ channel: 'sms' as const, companyId: event.companyId, to, subject: '', body: smsText })),
    ];
    if (messages.length > 0) await tx.insert(outbox).values(messages);
    return ids;
  });
  return { notificationIds, recipients, mails, sms };
}
