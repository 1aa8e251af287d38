import { DEFAULT_NOTIFICATION_CONFIG, type NotificationConfig } from 'contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { memberships, notificationConfigs } from '../../db/schema';

/** The company's configuration, or the defaults when it was never saved. */
export async function loadConfig(db: Database, companyId: number): Promise<NotificationConfig> {
  const [row] = await db
    .select()
    .from(notificationConfigs)
    .where(eq(notificationConfigs.companyId, companyId))
    .limit(1);
  if (!row) return { ...DEFAULT_NOTIFICATION_CONFIG, phones: [{ phone: '' }] };
  return {
    defaultRecipients: row.defaultRecipients,
    usersRecipients: row.usersRecipients,
    mailDefaultRecipients: row.mailDefaultRecipients,
    mailUsersRecipients: row.mailUsersRecipients,
    smsTemplate: row.smsTemplate,
    // The form always shows at least one phone row (docs/product.md).
    phones: row.phones.length > 0 ? row.phones.map((phone) => ({ phone })) : [{ phone: '' }],
  };
}

/** Saves an already validated and sanitized configuration; empty phone rows are not stored. */
export async function saveConfig(db: Database, companyId: number, config: NotificationConfig): Promise<void> {
  const values = {
    defaultRecipients: config.defaultRecipients,
    usersRecipients: [...new Set(config.usersRecipients)],
    mailDefaultRecipients: config.mailDefaultRecipients,
    mailUsersRecipients: [...new Set(config.mailUsersRecipients)],
    smsTemplate: config.smsTemplate,
    phones: config.phones.map((p) => p.phone.trim()).filter(Boolean),
    updatedAt: new Date(),
  };
  await db
    .insert(notificationConfigs)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: notificationConfigs.companyId, set: values });
}

/** The ids among `userIds` that are NOT members of the company. */
export async function foreignUserIds(db: Database, companyId: number, userIds: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.userId, wanted)));
  const known = new Set(rows.map((r) => r.userId));
  return wanted.filter((id) => !known.has(id));
}
