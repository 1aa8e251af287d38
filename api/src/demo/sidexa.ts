import { randomUUID } from 'node:crypto';
import { DEFAULT_SIDEXA_SCOPE, normalizePlate, type SidexaState, type Variant } from 'contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { companies, folders, sidexaLookups } from '../db/schema';
import { catalogueLookup, cataloguePrice } from '../modules/sidexa/catalogue/vehicles';
import { withHourlyRate } from '../modules/sidexa/repository';
import { firstMemberAllowed } from './staff';

/** What each garage's most recent folders went through, newest first. */
const PLAN: SidexaState[] = ['pending', 'found', 'priced', 'found', 'priced', 'found'];
const HOUR = 3_600_000;

/**
 * A few vehicle lookups per demo garage, on its latest folders, as the catalogue answers them (some priced with the
 * garage's hourly rate, one still waiting for its first answer). Only `sidexa_lookups` rows: the units ledger is
 * seeded by the billing demo. Runs once: a database that already has lookups is left alone.
 */
export async function seedSidexaDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20260121)`);
    const [existing] = await tx.select({ id: sidexaLookups.id }).from(sidexaLookups).limit(1);
    if (existing) return false;
    const garages = await tx
      .select({ id: companies.id, hourlyRate: companies.hourlyRate })
      .from(companies)
      .orderBy(asc(companies.id));
    const rows: (typeof sidexaLookups.$inferInsert)[] = [];
    for (const garage of garages) {
      const searcher = await firstMemberAllowed(tx, garage.id, 'sidexa');
      const recent = await tx
        .select({
          id: folders.id,
          plate: folders.plate,
          vin: folders.vin,
          brand: folders.brand,
          model: folders.model,
          glass: folders.glass,
          createdAt: folders.createdAt,
        })
        .from(folders)
        .where(eq(folders.companyId, garage.id))
        .orderBy(desc(folders.createdAt), desc(folders.id))
        .limit(PLAN.length);
      recent.forEach((folder, index) => {
        const state = PLAN[index] ?? 'found';
        const registration = normalizePlate(folder.plate);
        const answer = catalogueLookup({ ...folder, registration });
        if (!registration || !answer.found) return;
        const createdAt = new Date(Math.min(Date.now(), folder.createdAt.getTime() + 2 * HOUR));
        const base = {
          companyId: garage.id,
          folderId: folder.id,
          scope: DEFAULT_SIDEXA_SCOPE,
          tokenId: randomUUID(),
          registration,
          createdBy: searcher,
          createdAt,
          updatedAt: createdAt,
        };
        if (state === 'pending') {
          rows.push({ ...base, status: 'pending' });
          return;
        }
        const { lines, ...vehicle } = answer.result;
        if (state === 'found') {
          rows.push({ ...base, status: 'found', vehicle, lines });
          return;
        }
        // Priced: the garage kept every part, with the variant its customer's car has.
        const selection = new Map<string, Variant>();
        for (const line of lines) {
          const variant = line.variants[index % Math.max(line.variants.length, 1)];
          if (variant) selection.set(line.codpiece, variant);
        }
        const pricedLines = withHourlyRate(cataloguePrice(lines, selection), garage.hourlyRate);
        rows.push({ ...base, status: 'priced', vehicle, lines, pricedLines });
      });
    }
    if (rows.length > 0) await tx.insert(sidexaLookups).values(rows);
    return true;
  });
}
