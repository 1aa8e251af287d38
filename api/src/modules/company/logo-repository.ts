import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, companyLogos } from '../../db/schema';

/**
 * The garage's logo replaced, and its URL on the company changed with it: the version in the URL changes with every
 * upload, so browsers may keep each URL for good.
 */
export async function saveLogo(db: Database, companyId: number, mimeType: string, content: Buffer): Promise<string> {
  const updatedAt = new Date();
  const logoUrl = `/api/company/${companyId}/logo?v=${updatedAt.getTime()}`;
  await db.transaction(async (tx) => {
    await tx
      .insert(companyLogos)
      .values({ companyId, mimeType, content, updatedAt })
      .onConflictDoUpdate({ target: companyLogos.companyId, set: { mimeType, content, updatedAt } });
    await tx.update(companies).set({ logoUrl }).where(eq(companies.id, companyId));
  });
  return logoUrl;
}

/** No logo any more: the default picture is shown. */
export async function removeLogo(db: Database, companyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(companyLogos).where(eq(companyLogos.companyId, companyId));
    await tx.update(companies).set({ logoUrl: null }).where(eq(companies.id, companyId));
  });
}

/**
 * The logo of `companyId` for a member of `mine` (its companies): their own garages' and those of the same franchise;
 * a null franchise matches nothing, so an independent garage's logo stays its own.
 */
export async function readableLogo(db: Database, mine: number[], companyId: number) {
  const myFranchises = db.select({ id: companies.franchiseId }).from(companies).where(inArray(companies.id, mine));
  const [logo] = await db
    .select({ mimeType: companyLogos.mimeType, content: companyLogos.content })
    .from(companyLogos)
    .innerJoin(companies, eq(companies.id, companyLogos.companyId))
    .where(
      and(
        eq(companyLogos.companyId, companyId),
        or(inArray(companies.id, mine), inArray(companies.franchiseId, myFranchises)),
      ),
    );
  return logo;
}
