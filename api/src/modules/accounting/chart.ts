import { ACCOUNT_ROLES, type AccountEntry, type AccountKey, type accountMappingBodySchema } from 'contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { accountMappings } from '../../db/schema';

/*
 * A garage's chart of accounts: the French defaults of contracts' ACCOUNT_ROLES, with the accounts its
 * admin changed stored in `account_mappings` (only those: a default improved later reaches every garage that kept it).
 */

export interface Account {
  account: string;
  label: string;
}
export type Chart = Record<AccountKey, Account>;

/** The garage's accounts, each role's own or its default. */
export async function readChart(db: Database, companyId: number): Promise<AccountEntry[]> {
  const own = await db
    .select({ key: accountMappings.key, account: accountMappings.account, label: accountMappings.label })
    .from(accountMappings)
    .where(eq(accountMappings.companyId, companyId));
  const byKey = new Map(own.map((row) => [row.key, row]));
  return ACCOUNT_ROLES.map((definition) => {
    const changed = byKey.get(definition.key);
    return {
      key: definition.key,
      group: definition.group,
      role: definition.role,
      account: changed?.account ?? definition.account,
      label: changed?.label ?? definition.label,
      defaultAccount: definition.account,
      defaultLabel: definition.label,
    };
  });
}

/** The chart as the entries read it: role -> account. */
export const chartOf = (entries: AccountEntry[]): Chart =>
  Object.fromEntries(entries.map((entry) => [entry.key, { account: entry.account, label: entry.label }])) as Chart;

/**
 * Replaces the garage's chart with `body` (roles left out go back to their default): what equals the default is not
 * stored, the rest is upserted, in one transaction.
 */
export async function saveChart(db: Database, companyId: number, body: z.output<typeof accountMappingBodySchema>) {
  const changed = body.accounts.filter((entry) => {
    const definition = ACCOUNT_ROLES.find((each) => each.key === entry.key);
    return definition && (definition.account !== entry.account || definition.label !== entry.label);
  });
  await db.transaction(async (tx) => {
    const kept = changed.map((entry) => entry.key);
    await tx
      .delete(accountMappings)
      .where(
        kept.length > 0
          ? and(eq(accountMappings.companyId, companyId), notInArray(accountMappings.key, kept))
          : eq(accountMappings.companyId, companyId),
      );
    for (const entry of changed) {
      const values = { account: entry.account, label: entry.label, updatedAt: new Date() };
      await tx
        .insert(accountMappings)
        .values({ companyId, key: entry.key, ...values })
        .onConflictDoUpdate({ target: [accountMappings.companyId, accountMappings.key], set: values });
    }
  });
}
