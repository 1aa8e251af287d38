import { type folderCreateBodySchema, normalizePlate } from 'contracts';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { folderHistory, folderStatuses, folders, insurers, knownBy, technicians } from '../../db/schema';
import { insurerChoices, visibleInsurers } from '../insurers/repository';
import { listKnownBy } from './known-by-repository';

/** The choices of the new-folder form for one garage. */
export async function defaultValues(db: Database, companyId: number) {
  const [known, crew, insurers] = await Promise.all([
    listKnownBy(db, [companyId]),
    db
      .select({ id: technicians.id, name: technicians.name })
      .from(technicians)
      .where(and(eq(technicians.companyId, companyId), eq(technicians.active, true)))
      .orderBy(asc(technicians.name)),
    insurerChoices(db, companyId),
  ]);
  return { companyId, insurers, knownBy: known, technicians: crew };
}

/**
 * The known-by entry and technician a folder names must be its garage's own; its insurer an entry its garage reads
 * (its own directory or its network's): answers that entry's name, which the folder shows.
 */
export async function checkReferences(
  tx: Pick<Database, 'select'>,
  companyId: number,
  body: { knownById?: number; technicianId?: number; insurerId?: number },
): Promise<'bad-known-by' | 'bad-technician' | 'bad-insurer' | { insurer: string | null }> {
  if (body.knownById !== undefined) {
    const [known] = await tx
      .select({ id: knownBy.id })
      .from(knownBy)
      .where(and(eq(knownBy.id, body.knownById), eq(knownBy.companyId, companyId)));
    if (!known) return 'bad-known-by';
  }
  if (body.technicianId !== undefined) {
    const [technician] = await tx
      .select({ id: technicians.id })
      .from(technicians)
      .where(and(eq(technicians.id, body.technicianId), eq(technicians.companyId, companyId)));
    if (!technician) return 'bad-technician';
  }
  if (body.insurerId !== undefined) {
    const [entry] = await tx
      .select({ name: insurers.shortName })
      .from(insurers)
      .where(and(eq(insurers.id, body.insurerId), visibleInsurers([companyId])));
    if (!entry) return 'bad-insurer';
    return { insurer: entry.name };
  }
  return { insurer: null };
}

export type CreateOutcome =
  | { outcome: 'created'; id: number; number: string }
  | { outcome: 'bad-known-by' }
  | { outcome: 'bad-technician' }
  | { outcome: 'bad-insurer' }
  | { outcome: 'no-status' };

/**
 * Opens a folder in the garage: "Ouvert" status, the user as owner, the next number of the year
 * (D-2026-00042, taken under a per-garage lock so two creations never share one) and its first history row.
 */
export async function createFolder(
  db: Database,
  user: { userId: number; companyId: number },
  type: string,
  body: z.output<typeof folderCreateBodySchema>,
): Promise<CreateOutcome> {
  return db.transaction(async (tx) => {
    const { companyId } = user;
    await tx.execute(sql`select pg_advisory_xact_lock(20260201, ${companyId}::int)`);
    const references = await checkReferences(tx, companyId, body);
    if (typeof references === 'string') return { outcome: references };
    const [open] = await tx
      .select({ id: folderStatuses.id })
      .from(folderStatuses)
      .where(and(eq(folderStatuses.companyId, companyId), eq(folderStatuses.code, 'open')));
    if (!open) return { outcome: 'no-status' as const };
    const prefix = `D-${new Date().getUTCFullYear()}-`;
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(substring(${folders.number} from '[0-9]+$')::int), 0)` })
      .from(folders)
      .where(and(eq(folders.companyId, companyId), like(folders.number, `${prefix}%`)));
    const number = `${prefix}${String((last?.max ?? 0) + 1).padStart(5, '0')}`;
    const [created] = await tx
      .insert(folders)
      .values({
        ...body,
        phone: body.phone?.replace(/[\s.]/g, ''),
        firstName: body.firstName ?? '',
        plate: normalizePlate(body.plate),
        vin: body.vin?.toUpperCase(),
        insurer: references.insurer,
        companyId,
        type,
        number,
        statusId: open.id,
        ownerId: user.userId,
      })
      .returning({ id: folders.id });
    if (!created) throw new Error('folder not created');
    await tx.insert(folderHistory).values({ folderId: created.id, companyId, userId: user.userId, kind: 'created' });
    return { outcome: 'created' as const, id: created.id, number };
  });
}
