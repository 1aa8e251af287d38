import { DEMO_COMPANIES, INSURER_OFFICES, insurerOffice } from 'contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db';
import { companies, folders, insurers } from '../db/schema';
import { visibleInsurers } from '../modules/insurers/repository';

/*
 * The demo's insurer directory: the network's (the franchisor's entries, shared) and each independent garage's own,
 * from the head offices of contracts' INSURER_OFFICES (public registers); then every demo folder points at its entry.
 */

/** The entry a garage reads under `name`, made in its own directory (from the known head offices) when missing. */
export async function directoryEntryFor(db: Database | Transaction, companyId: number, name: string) {
  const [found] = await db
    .select({ id: insurers.id, shortName: insurers.shortName })
    .from(insurers)
    .where(and(visibleInsurers([companyId]), sql`lower(${insurers.shortName}) = lower(${name})`))
    .limit(1);
  if (found) return found;
  const [made] = await db
    .insert(insurers)
    .values({ companyId, ...entryValues(name) })
    .onConflictDoNothing()
    .returning({ id: insurers.id, shortName: insurers.shortName });
  if (made) return made;
  return directoryEntryFor(db, companyId, name);
}

/** A directory entry's fields for a known insurer (its head office), or its name alone. */
function entryValues(name: string) {
  const office = insurerOffice(name);
  return {
    shortName: name,
    legalName: office?.legalName ?? name,
    siren: office?.siren ?? '',
    address: office?.address ?? '',
    postalCode: office?.postalCode ?? '',
    city: office?.city ?? '',
    vatNumber: office?.vatNumber ?? '',
    // The reform's directory address is the SIREN until the insurer publishes another one.
    einvoicingAddress: office?.siren ?? '',
    // Where the demo's reminders of unpaid invoices go (a reserved domain: nothing can leave for it).
    email: `sinistres@${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`,
  };
}

/** The demo directory, once, then each demo folder linked to its entry. */
export async function seedInsurersDemo(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20261124)`);
    const [existing] = await tx.select({ id: insurers.id }).from(insurers).limit(1);
    if (existing) return;
    const garages = await tx
      .select({ id: companies.id, name: companies.name, franchiseId: companies.franchiseId })
      .from(companies);
    const names = Object.keys(INSURER_OFFICES);
    for (const garage of garages) {
      // The network's directory is the franchisor's, shared; a franchisee adds its own entries only when needed.
      const head = garage.name === DEMO_COMPANIES.franchisor;
      if (garage.franchiseId !== null && !head) continue;
      await tx
        .insert(insurers)
        .values(names.map((name) => ({ companyId: garage.id, ...entryValues(name), shared: head })));
    }
    const named = await tx
      .select({ id: folders.id, companyId: folders.companyId, insurer: folders.insurer })
      .from(folders)
      .where(and(isNotNull(folders.insurer), isNull(folders.insurerId)));
    // One entry per garage and name, then one statement per entry.
    const entries = new Map<string, { companyId: number; name: string }>();
    for (const folder of named) {
      entries.set(`${folder.companyId}:${folder.insurer}`, { companyId: folder.companyId, name: folder.insurer ?? '' });
    }
    for (const { companyId, name } of entries.values()) {
      const entry = await directoryEntryFor(tx, companyId, name);
      await tx
        .update(folders)
        .set({ insurerId: entry.id })
        .where(and(eq(folders.companyId, companyId), eq(folders.insurer, name)));
    }
  });
}
