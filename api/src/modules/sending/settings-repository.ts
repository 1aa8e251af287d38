import {
  type MailServer,
  mailServerSchema,
  type PlatformSettings,
  type SendingChannel,
  type SmsProviderSettings,
  smsProviderSchema,
} from 'contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, franchises, outbox, sendingSettings } from '../../db/schema';

/*
 * The mail servers and SMS providers garages and networks saved. A garage's own setting wins over its network's; the
 * server's environment (SMTP_URL, SMS_API_KEY) comes last (senders.ts).
 */

export type SettingRow = typeof sendingSettings.$inferSelect;
/** The mail server, the SMS provider, or the approved e-invoicing platform (einvoicing/platform-settings.ts). */
export type SettingChannel = SendingChannel | 'platform';

/** Who a setting belongs to: one garage, or every garage of a network. */
export type SettingOwner = { level: 'garage'; companyId: number } | { level: 'network'; franchiseId: number };

const ownedBy = (owner: SettingOwner) =>
  owner.level === 'garage'
    ? and(eq(sendingSettings.companyId, owner.companyId), isNull(sendingSettings.franchiseId))
    : and(eq(sendingSettings.franchiseId, owner.franchiseId), isNull(sendingSettings.companyId));

/** The garage's network (id and name), or null for an independent garage. */
export async function networkOf(db: Database, companyId: number) {
  const [row] = await db
    .select({ id: franchises.id, name: franchises.name })
    .from(companies)
    .innerJoin(franchises, eq(franchises.id, companies.franchiseId))
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** The garage's own setting and its network's for one channel, as stored. */
export async function settingRows(
  db: Database,
  companyId: number,
  channel: SettingChannel,
): Promise<{ garage: SettingRow | null; network: SettingRow | null }> {
  const network = db.select({ id: companies.franchiseId }).from(companies).where(eq(companies.id, companyId));
  const rows = await db
    .select()
    .from(sendingSettings)
    .where(
      and(
        eq(sendingSettings.channel, channel),
        or(eq(sendingSettings.companyId, companyId), inArray(sendingSettings.franchiseId, network)),
      ),
    );
  return {
    garage: rows.find((row) => row.companyId === companyId) ?? null,
    network: rows.find((row) => row.franchiseId !== null) ?? null,
  };
}

/** The stored settings read back through their schema (a row written by an older version fails loudly here). */
export const mailServerOf = (row: SettingRow): MailServer => mailServerSchema.parse(row.settings);
export const smsProviderOf = (row: SettingRow): SmsProviderSettings => smsProviderSchema.parse(row.settings);

/**
 * Saves the owner's setting for a channel; `secret` undefined keeps the one stored (the form never shows it back).
 * Messages of its garages that waited for a server are woken, so they leave at the next pass rather than in a minute.
 */
export async function saveSetting(
  db: Database,
  owner: SettingOwner,
  channel: SettingChannel,
  settings: MailServer | SmsProviderSettings | PlatformSettings,
  sealedSecret: string | null | undefined,
): Promise<void> {
  const values = { settings, updatedAt: sql`now()`, ...(sealedSecret !== undefined ? { secret: sealedSecret } : {}) };
  const byGarage = owner.level === 'garage';
  await db.transaction(async (tx) => {
    // One statement whoever comes second: two admins saving at once, or two instances of a demo starting together.
    await tx
      .insert(sendingSettings)
      .values({
        ...values,
        channel,
        companyId: byGarage ? owner.companyId : null,
        franchiseId: byGarage ? null : owner.franchiseId,
      })
      .onConflictDoUpdate({
        target: byGarage
          ? [sendingSettings.companyId, sendingSettings.channel]
          : [sendingSettings.franchiseId, sendingSettings.channel],
        targetWhere: byGarage ? sql`company_id is not null` : sql`franchise_id is not null`,
        set: values,
      });
    await wakeWaiting(tx, owner, channel);
  });
}

export async function removeSetting(db: Database, owner: SettingOwner, channel: SettingChannel): Promise<boolean> {
  const removed = await db
    .delete(sendingSettings)
    .where(and(ownedBy(owner), eq(sendingSettings.channel, channel)))
    .returning({ id: sendingSettings.id });
  return removed.length > 0;
}

/**
 * Messages never tried (handed back while no server was configured: `attempts` 0) are due again now. A message
 * being sent has counted its attempt, so it is never taken twice.
 */
async function wakeWaiting(db: Pick<Database, 'update'>, owner: SettingOwner, channel: SettingChannel) {
  const garages =
    owner.level === 'garage'
      ? sql`${outbox.companyId} = ${owner.companyId}`
      : sql`${outbox.companyId} in (select ${companies.id} from ${companies} where ${companies.franchiseId} = ${owner.franchiseId})`;
  await db
    .update(outbox)
    .set({ nextAttemptAt: null })
    .where(
      and(
        sql`${outbox.channel} = ${channel}`,
        sql`${outbox.sentAt} is null and ${outbox.cancelledAt} is null and ${outbox.attempts} = 0`,
        garages,
      ),
    );
}
