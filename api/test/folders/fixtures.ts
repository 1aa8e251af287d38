import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { folderHistory, folderStatuses, folders } from '../../src/db/schema';

/** A SIV plate no demo folder has (the demo's letters never start with Q). */
export const uniquePlate = (): string => {
  const letters = 'ABCDEFGHJKLMNPRSTVWXYZ';
  const pick = () => letters[(randomBytes(1)[0] as number) % letters.length];
  return `Q${pick()}${String((randomBytes(2).readUInt16BE() % 900) + 100)}${pick()}${pick()}`;
};

/** A folder of its own for one test, in the company's "Ouvert" status, with a creation row in its history. */
export async function createFolder(
  app: FastifyInstance,
  companyId: number,
  values: Partial<typeof folders.$inferInsert> = {},
): Promise<typeof folders.$inferSelect> {
  const [open] = await app.db
    .select({ id: folderStatuses.id })
    .from(folderStatuses)
    .where(and(eq(folderStatuses.companyId, companyId), eq(folderStatuses.code, 'open')))
    .orderBy(asc(folderStatuses.id));
  if (!open) throw new Error(`no statuses for company ${companyId}`);
  const [folder] = await app.db
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
      insurer: 'MAIF',
      claimNumber: `SIN-TEST-${randomBytes(3).toString('hex')}`,
      statusId: open.id,
      ...values,
    })
    .returning();
  if (!folder) throw new Error('folder not created');
  await app.db.insert(folderHistory).values({ folderId: folder.id, companyId, kind: 'created' });
  return folder;
}
