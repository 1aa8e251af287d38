import {
  type ContactType,
  FOLDER_CLOSED_MESSAGE,
  FOLDER_NOT_FOUND_MESSAGE,
  type FolderDetail,
  formatPlate,
  type HistoryEntry,
  type HistoryKind,
} from 'contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db';
import { companies, folderHistory, folderStatuses, folders, knownBy, technicians, users } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/domain-error';
import { iso } from '../../lib/iso-date';
import { CLOSE_NEEDS_FORM, STATUS_NOT_FOUND } from './refusals';
import type { FolderScope } from './repository';

/** The folder's owner, a user: aliased so history authors can be joined from `users` too. */
const owner = alias(users, 'owner');
const userName = sql<string>`trim(${users.firstname} || ' ' || ${users.name})`;

/** The folder with everything the detail page shows, or undefined outside the scope. */
export async function findFolder(db: Database, scope: FolderScope, id: number): Promise<FolderDetail | undefined> {
  const [row] = await db
    .select({
      folder: folders,
      companyName: companies.name,
      status: {
        id: folderStatuses.id,
        code: folderStatuses.code,
        label: folderStatuses.label,
        color: folderStatuses.color,
        position: folderStatuses.position,
      },
      knownById: knownBy.id,
      knownByLabel: knownBy.label,
      technicianName: technicians.name,
      ownerName: sql<string | null>`trim(${owner.firstname} || ' ' || ${owner.name})`,
    })
    .from(folders)
    .innerJoin(companies, eq(companies.id, folders.companyId))
    .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
    .leftJoin(knownBy, eq(knownBy.id, folders.knownById))
    .leftJoin(technicians, eq(technicians.id, folders.technicianId))
    .leftJoin(owner, eq(owner.id, folders.ownerId))
    .where(and(eq(folders.id, id), inArray(folders.companyId, scope.companyIds)))
    .limit(1);
  if (!row) return undefined;
  const f = row.folder;
  return {
    id: f.id,
    number: f.number,
    companyId: f.companyId,
    companyName: row.companyName,
    type: f.type,
    civility: f.civility,
    firstName: f.firstName,
    lastName: f.lastName,
    hasPhone: Boolean(f.phone),
    hasEmail: Boolean(f.email),
    hasAddress: Boolean(f.address || f.city),
    city: f.city,
    plate: formatPlate(f.plate),
    brand: f.brand,
    model: f.model,
    vin: f.vin,
    mileage: f.mileage,
    insurer: f.insurer,
    insurerId: f.insurerId,
    policyNumber: f.policyNumber,
    claimNumber: f.claimNumber,
    deductible: { amount: f.deductibleAmount, percent: f.deductiblePercent, minimum: f.deductibleMinimum },
    glass: (f.glass as FolderDetail['glass']) ?? null,
    repairKind: (f.repairKind as FolderDetail['repairKind']) ?? null,
    knownBy: row.knownById && row.knownByLabel ? { id: row.knownById, label: row.knownByLabel } : null,
    status: { ...row.status, code: row.status.code ?? '' },
    technician: f.technicianId && row.technicianName ? { id: f.technicianId, name: row.technicianName } : null,
    owner: f.ownerId && row.ownerName ? { id: f.ownerId, name: row.ownerName } : null,
    appointmentAt: iso(f.appointmentAt),
    appointmentComment: f.appointmentComment,
    appointmentMinutes: f.appointmentMinutes,
    closedAt: iso(f.closedAt),
    sentAt: iso(f.sentAt),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** The folder's history, newest first (or the one entry `entryId`). */
export async function listHistory(db: Database, folderId: number, entryId?: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: folderHistory.id,
      kind: folderHistory.kind,
      field: folderHistory.field,
      oldValue: folderHistory.oldValue,
      newValue: folderHistory.newValue,
      content: folderHistory.content,
      user: userName,
      createdAt: folderHistory.createdAt,
    })
    .from(folderHistory)
    .leftJoin(users, eq(users.id, folderHistory.userId))
    .where(
      entryId === undefined
        ? eq(folderHistory.folderId, folderId)
        : and(eq(folderHistory.folderId, folderId), eq(folderHistory.id, entryId)),
    )
    .orderBy(desc(folderHistory.createdAt), desc(folderHistory.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as HistoryKind,
    user: row.user ?? 'Système',
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A customer's contact detail, written to the folder's history in the same transaction as it is read. */
export async function revealContact(
  db: Database,
  scope: FolderScope,
  folderId: number,
  type: ContactType,
): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        companyId: folders.companyId,
        phone: folders.phone,
        email: folders.email,
        address: folders.address,
        postalCode: folders.postalCode,
        city: folders.city,
      })
      .from(folders)
      .where(and(eq(folders.id, folderId), inArray(folders.companyId, scope.companyIds)))
      .limit(1);
    if (!row) return undefined;
    const value =
      type === 'phone'
        ? row.phone
        : type === 'mail'
          ? row.email
          : [row.address, [row.postalCode, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null;
    await tx
      .insert(folderHistory)
      .values({ folderId, companyId: row.companyId, userId: scope.userId, kind: 'contact', field: type });
    return value;
  });
}

/** Moves a folder to another status of its company, with its history row. */
export async function changeStatus(db: Database, scope: FolderScope, folderId: number, statusId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        companyId: folders.companyId,
        statusId: folders.statusId,
        closedAt: folders.closedAt,
        label: folderStatuses.label,
      })
      .from(folders)
      .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
      .where(and(eq(folders.id, folderId), inArray(folders.companyId, scope.companyIds)))
      .for('update', { of: folders })
      .limit(1);
    if (!row) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    if (row.closedAt) throw conflict(FOLDER_CLOSED_MESSAGE);
    const [target] = await tx
      .select()
      .from(folderStatuses)
      .where(and(eq(folderStatuses.id, statusId), eq(folderStatuses.companyId, row.companyId)))
      .limit(1);
    if (!target) throw notFound(STATUS_NOT_FOUND);
    if (target.code === 'close') throw invalid(CLOSE_NEEDS_FORM);
    if (target.id === row.statusId) return { outcome: 'unchanged' as const };
    await tx.update(folders).set({ statusId, updatedAt: new Date() }).where(eq(folders.id, folderId));
    await tx.insert(folderHistory).values({
      folderId,
      companyId: row.companyId,
      userId: scope.userId,
      kind: 'status',
      field: 'status',
      oldValue: row.label,
      newValue: target.label,
    });
    return { outcome: 'changed' as const };
  });
}
