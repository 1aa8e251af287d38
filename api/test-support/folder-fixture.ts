import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../src/db';
import { folderHistory, folderStatuses, folders } from '../src/db/schema';
import { directoryEntryFor } from '../src/demo/insurers';

/** A SIV plate no demo folder has: the demo never uses Q (src/demo/folders.ts). */
export function uniquePlate(): string {
  const letters = 'ABCDEFGHJKLMNPRSTVWXYZ';
  const bytes = randomBytes(5);
  const letter = (index: number) => letters[(bytes[index] as number) % letters.length];
  return `Q${letter(0)}${String((bytes.readUInt16BE(1) % 900) + 100)}${letter(3)}${letter(4)}`;
}

/**
 * A folder of a test's own (API tests, and browser tests through POST /api/test/folder), in the company's
 * "Ouvert" status, with its creation row in the history.
 */
export async function insertTestFolder(
  db: Database,
  companyId: number,
  values: Partial<typeof folders.$inferInsert> = {},
): Promise<typeof folders.$inferSelect> {
  const [open] = await db
    .select({ id: folderStatuses.id })
    .from(folderStatuses)
    .where(and(eq(folderStatuses.companyId, companyId), eq(folderStatuses.code, 'open')))
    .orderBy(asc(folderStatuses.id));
  if (!open) throw new Error(`no statuses for company ${companyId}`);
  // The insurer named (MAIF unless told) is an entry of the garage's directory, as the folder form chooses it.
  const insurer = values.insurer === undefined ? 'MAIF' : values.insurer;
  const entry = insurer ? await directoryEntryFor(db, companyId, insurer) : undefined;
  const [folder] = await db
    .insert(folders)
    .values({
      companyId,
      number: `T-${randomBytes(5).toString('hex')}`,
      firstName: 'Hélène',
      lastName: 'Testeur',
      phone: '0611223344',
      email: 'helene.testeur@exemple.fr',
      address: '3 rue des Essais',
      postalCode: '69007',
      city: 'Lyon',
      plate: uniquePlate(),
      brand: 'Renault',
      model: 'Clio V',
      policyNumber: `MAI-TEST-${randomBytes(3).toString('hex')}`,
      claimNumber: `SIN-TEST-${randomBytes(3).toString('hex')}`,
      statusId: open.id,
      ...values,
      insurer: entry?.shortName ?? null,
      insurerId: entry?.id ?? null,
    })
    .returning();
  if (!folder) throw new Error('folder not created');
  await db
    .insert(folderHistory)
    .values({ folderId: folder.id, companyId, kind: 'created', userId: values.ownerId ?? null });
  return folder;
}
