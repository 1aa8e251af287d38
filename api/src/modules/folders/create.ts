import {
  CALENDAR_TECHNICIAN_INVALID,
  type folderCreateBodySchema,
  INSURER_UNKNOWN_FOR_FOLDER,
  normalizePlate,
} from 'contracts';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { folderHistory, folderStatuses, folders, insurers, knownBy, technicians } from '../../db/schema';
import { invalid } from '../../lib/domain-error';
import { insurerChoices, visibleInsurers } from '../insurers/repository';
import { KNOWN_BY_UNKNOWN, OPEN_STATUS_MISSING } from './refusals';
import { listKnownBy } from './settings/known-by-repository';

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
 * (its own directory or its network's): answers that entry's name, which the folder shows; refuses any other.
 */
export async function checkReferences(
  tx: Pick<Database, 'select'>,
  companyId: number,
  body: { knownById?: number; technicianId?: number; insurerId?: number },
): Promise<{ insurer: string | null }> {
  if (body.knownById !== undefined) {
    const [known] = await tx
      .select({ id: knownBy.id })
      .from(knownBy)
      .where(and(eq(knownBy.id, body.knownById), eq(knownBy.companyId, companyId)));
    if (!known) throw invalid(KNOWN_BY_UNKNOWN);
  }
  if (body.technicianId !== undefined) {
    const [technician] = await tx
      .select({ id: technicians.id })
      .from(technicians)
      .where(and(eq(technicians.id, body.technicianId), eq(technicians.companyId, companyId)));
    if (!technician) throw invalid(CALENDAR_TECHNICIAN_INVALID);
  }
  if (body.insurerId !== undefined) {
    const [entry] = await tx
      .select({ name: insurers.shortName })
      .from(insurers)
      .where(and(eq(insurers.id, body.insurerId), visibleInsurers([companyId])));
    if (!entry) throw invalid(INSURER_UNKNOWN_FOR_FOLDER);
    return { insurer: entry.name };
  }
  return { insurer: null };
}

/**
 * Opens a folder in the garage: "Ouvert" status, the user as owner, the next number of the year
 * (D-2026-00042, taken under a per-garage lock so two creations never share one) and its first history row.
 */
export async function createFolder(
  db: Database,
  user: { userId: number; companyId: number },
  type: string,
  body: z.output<typeof folderCreateBodySchema>,
): Promise<{ id: number; number: string }> {
  return db.transaction(async (tx) => {
    const { companyId } = user;
    await tx.execute(sql`select pg_advisory_xact_lock(20260201, ${companyId}::int)`);
    const references = await checkReferences(tx, companyId, body);
    const [open] = await tx
      .select({ id: folderStatuses.id })
      .from(folderStatuses)
      .where(and(eq(folderStatuses.companyId, companyId), eq(folderStatuses.code, 'open')));
    if (!open) throw invalid(OPEN_STATUS_MISSING);
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
    return { id: created.id, number };
  });
}
