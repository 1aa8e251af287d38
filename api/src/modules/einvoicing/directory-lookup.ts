import type { DirectoryLookup } from 'contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { directoryCache } from '../../db/schema';
import { platformClient } from './platform/platform-client';
import { PlatformError } from './platform/platform-error';
import { garageAccess } from './platform-settings';

/*
 * Whether a business buyer or an insurer receives e-invoices, and where: the Directory Service of the garage's
 * platform asked by SIREN, its answer kept a day (a buyer is chosen many times a day; the directory changes rarely).
 * The platform down, the last answer kept is given; none, « injoignable ».
 */

const KEEP_MS = 24 * 3_600_000;

async function ask(db: Database, key: Buffer, companyId: number, siren: string) {
  const garage = await garageAccess(db, key, companyId);
  if (!garage) return null;
  const client = platformClient(garage.access, garage.organizationId);
  try {
    const unit = await client.companyBySiren(siren);
    const active = (await client.directoryLines(siren)).find((line) => line.directoryLineStatus === 'Enabled');
    return {
      state: active?.addressingIdentifier ? ('receives' as const) : ('no-address' as const),
      businessName: unit.businessName ?? '',
      address: active?.addressingIdentifier ?? '',
    };
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404)
      return { state: 'not-found' as const, businessName: '', address: '' };
    throw error;
  }
}

export async function directoryLookup(
  db: Database,
  key: Buffer,
  companyId: number,
  siren: string,
): Promise<DirectoryLookup> {
  const [cached] = await db
    .select()
    .from(directoryCache)
    .where(and(eq(directoryCache.companyId, companyId), eq(directoryCache.siren, siren)));
  const fresh = cached && Date.now() - cached.checkedAt.getTime() < KEEP_MS;
  const view = (row: NonNullable<typeof cached>): DirectoryLookup => ({
    siren,
    state: row.state as DirectoryLookup['state'],
    businessName: row.businessName,
    address: row.address,
    checkedAt: row.checkedAt.toISOString(),
  });
  if (cached && fresh) return view(cached);
  let answer: Awaited<ReturnType<typeof ask>>;
  try {
    answer = await ask(db, key, companyId, siren);
  } catch {
    return cached ? view(cached) : { siren, state: 'unavailable', businessName: '', address: '', checkedAt: null };
  }
  if (!answer) return { siren, state: 'no-platform', businessName: '', address: '', checkedAt: null };
  const [row] = await db
    .insert(directoryCache)
    .values({ companyId, siren, ...answer })
    .onConflictDoUpdate({
      target: [directoryCache.companyId, directoryCache.siren],
      set: { ...answer, checkedAt: sql`now()` },
    })
    .returning();
  return row ? view(row) : { siren, ...answer, checkedAt: null };
}
