import {
  can,
  DELIVERY_REPORT_DOCUMENT_TYPE,
  FITTER_COMMENT_REQUIRED,
  FITTER_KEY_REUSED,
  FITTER_PHOTO_MIME_TYPES,
  FITTER_PHOTO_REFUSED,
  FITTER_PHOTO_REQUIRED,
  FITTER_PHOTO_STEPS,
  FITTER_PHOTOS_MAX,
  FITTER_PHOTOS_TOO_MANY,
  FITTER_PREVIOUS_STEP_FIRST,
  FITTER_STEP_ALREADY_DONE,
  FITTER_STEP_STATUS,
  type FitterStep,
  type FitterStepResult,
  type FitterTask,
  FOLDER_NOT_FOUND_MESSAGE,
  fitterStepLabel,
  formatParisDateTime,
  formatPlate,
  needsComment,
  parisDay,
} from 'contracts';
import { and, asc, eq, inArray, max, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import {
  folderDocumentContents,
  folderDocuments,
  folderHistory,
  folderStatuses,
  folders,
  folderTaskSteps,
  technicians,
} from '../../db/schema';
import { conflict, invalid, notFound, unsupportedType } from '../../lib/domain-error';
import type { AcceptedMime } from '../../lib/file-kind';
import { lockFolder, type Tx } from '../../lib/folder-lock';
import { PARIS_ZONE } from '../../lib/paris-time';
import { escapeHtml } from '../../lib/sanitize';
import type { AuthContext } from '../auth/auth-context';
import { moveStatusForward, statusOf } from '../folders/status-moves';

/**
 * Where the caller may act, per company of their scope: admins (`fitterAnyFolder` of the permission table) on
 * every folder, a pure fitter only on the folders of the technicians linked to their account.
 */
export interface FitterScope {
  userId: number;
  allCompanyIds: number[];
  ownCompanyIds: number[];
}

export function fitterScopeOf(auth: AuthContext): FitterScope {
  const scope: FitterScope = { userId: auth.userId, allCompanyIds: [], ownCompanyIds: [] };
  for (const membership of auth.memberships) {
    if (!auth.companyIds.includes(membership.companyId) || !can(membership.roles, 'fitterSteps')) continue;
    if (can(membership.roles, 'fitterAnyFolder')) scope.allCompanyIds.push(membership.companyId);
    else scope.ownCompanyIds.push(membership.companyId);
  }
  return scope;
}

const companiesOf = (scope: FitterScope) => [...scope.allCompanyIds, ...scope.ownCompanyIds];

/** The folders the scope reaches; undefined when it reaches none. */
function accessCondition(db: Database | Tx, scope: FitterScope): SQL | undefined {
  const parts: SQL[] = [];
  if (scope.allCompanyIds.length > 0) parts.push(inArray(folders.companyId, scope.allCompanyIds));
  if (scope.ownCompanyIds.length > 0) {
    const linked = db.select({ id: technicians.id }).from(technicians).where(eq(technicians.userId, scope.userId));
    parts.push(and(inArray(folders.companyId, scope.ownCompanyIds), inArray(folders.technicianId, linked)) as SQL);
  }
  return parts.length > 0 ? or(...parts) : undefined;
}

/** Today in the garages' time zone, as YYYY-MM-DD. */
export const todayInGarageTime = (now = new Date()): string => parisDay(now);

const taskColumns = {
  folderId: folders.id,
  number: folders.number,
  companyId: folders.companyId,
  plate: folders.plate,
  brand: folders.brand,
  model: folders.model,
  firstName: folders.firstName,
  lastName: folders.lastName,
  address: folders.address,
  phone: folders.phone,
  postalCode: folders.postalCode,
  city: folders.city,
  appointmentAt: folders.appointmentAt,
  appointmentMinutes: folders.appointmentMinutes,
  appointmentComment: folders.appointmentComment,
  closedAt: folders.closedAt,
  technician: technicians.name,
  repairKind: folders.repairKind,
  statusCode: folderStatuses.code,
  statusLabel: folderStatuses.label,
  statusColor: folderStatuses.color,
};

async function selectTasks(db: Database, where: SQL): Promise<FitterTask[]> {
  const rows = await db
    .select(taskColumns)
    .from(folders)
    .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
    .leftJoin(technicians, eq(technicians.id, folders.technicianId))
    .where(where)
    .orderBy(asc(folders.appointmentAt), asc(folders.id));
  if (rows.length === 0) return [];
  const steps = await db
    .select({ folderId: folderTaskSteps.folderId, step: folderTaskSteps.step, doneAt: folderTaskSteps.doneAt })
    .from(folderTaskSteps)
    .where(
      inArray(
        folderTaskSteps.folderId,
        rows.map((row) => row.folderId),
      ),
    )
    .orderBy(asc(folderTaskSteps.step));
  const signed = await db
    .select({ folderId: folderDocuments.folderId, at: max(folderDocuments.signedAt) })
    .from(folderDocuments)
    .where(
      and(
        inArray(
          folderDocuments.folderId,
          rows.map((row) => row.folderId),
        ),
        eq(folderDocuments.typeFile, DELIVERY_REPORT_DOCUMENT_TYPE),
      ),
    )
    .groupBy(folderDocuments.folderId);
  const signedAt = new Map(signed.map((row) => [row.folderId, row.at]));
  return rows.map((row) => ({
    folderId: row.folderId,
    number: row.number,
    companyId: row.companyId,
    plate: formatPlate(row.plate),
    vehicle: [row.brand, row.model].filter(Boolean).join(' '),
    customer: `${row.lastName} ${row.firstName}`.trim(),
    city: row.city,
    postalCode: row.postalCode,
    hasAddress: Boolean(row.address || row.city),
    hasPhone: Boolean(row.phone),
    appointmentAt: row.appointmentAt?.toISOString() ?? null,
    appointmentMinutes: row.appointmentMinutes,
    appointmentComment: row.appointmentComment,
    technician: row.technician,
    repairKind: row.repairKind === 'repair' || row.repairKind === 'replacement' ? row.repairKind : null,
    status: { code: row.statusCode ?? '', label: row.statusLabel, color: row.statusColor },
    closed: row.closedAt !== null,
    steps: steps
      .filter((step) => step.folderId === row.folderId)
      .map((step) => ({ step: step.step, doneAt: step.doneAt.toISOString() })),
    deliverySignedAt: signedAt.get(row.folderId)?.toISOString() ?? null,
  }));
}

/** The scope's folders with an appointment on `date` (YYYY-MM-DD, garage time), by appointment time. */
export async function listTasksOfDay(db: Database, scope: FitterScope, date: string): Promise<FitterTask[]> {
  const access = accessCondition(db, scope);
  if (!access) return [];
  // Day bounds computed by the database in the garages' zone (summer time included); the calendar index serves them.
  const start = sql`(${date}::date)::timestamp at time zone ${PARIS_ZONE}`;
  const end = sql`(${date}::date + 1)::timestamp at time zone ${PARIS_ZONE}`;
  return selectTasks(
    db,
    and(access, sql`${folders.appointmentAt} >= ${start}`, sql`${folders.appointmentAt} < ${end}`) as SQL,
  );
}

/** One folder as a task (whatever its appointment day), or undefined outside the scope. */
export async function findTask(db: Database, scope: FitterScope, folderId: number): Promise<FitterTask | undefined> {
  const access = accessCondition(db, scope);
  if (!access) return undefined;
  const [task] = await selectTasks(db, and(access, eq(folders.id, folderId)) as SQL);
  return task;
}

export interface StepInput {
  step: FitterStep;
  doneAt: Date;
  idempotencyKey: string;
  comment: string | undefined;
  /** In the order they were sent; checked by content. */
  photos: { content: Buffer; fileName: string; mimeType: AcceptedMime | undefined }[];
}

/** A refused step throws its DomainError (nothing written); a recorded or replayed one says which. */
export type StepOutcome = { outcome: 'recorded' | 'replayed'; result: FitterStepResult };

const PHOTO_TYPES: readonly string[] = FITTER_PHOTO_MIME_TYPES;

const resultOf = (
  row: typeof folderTaskSteps.$inferSelect,
  documentIds: number[],
  status: { code: string; label: string },
  replayed: boolean,
): FitterStepResult => ({
  folderId: row.folderId,
  step: row.step,
  doneAt: row.doneAt.toISOString(),
  recordedAt: row.recordedAt.toISOString(),
  documentIds,
  comment: row.comment,
  replayed,
  status,
});

/** The history text of a step: what, when the fitter did it (their clock), and its photos or comment. */
function stepContent(input: StepInput, photoNames: string[], repairKind: string | null): string {
  const parts = [
    `<p><strong>${input.step}. ${escapeHtml(fitterStepLabel(input.step, repairKind))}</strong> — fait le ${escapeHtml(formatParisDateTime(input.doneAt))}</p>`,
  ];
  if (photoNames.length) {
    parts.push(
      `<p>${photoNames.length > 1 ? 'Photos jointes' : 'Photo jointe'} : ${escapeHtml(photoNames.join(', '))}</p>`,
    );
  }
  if (input.comment) parts.push(`<p>${escapeHtml(input.comment)}</p>`);
  return parts.join('');
}

/**
 * Records one step of the fitter on a folder, in ONE transaction with the folder locked (two sends of one step
 * queue up): a key already recorded answers the step it recorded and writes nothing; otherwise the order, the
 * photo (by content) and the comment are checked, then the photo document, the step, its history row and the
 * status the step moves the folder to are written together.
 */
export async function recordStep(
  db: Database,
  scope: FitterScope,
  folderId: number,
  input: StepInput,
): Promise<StepOutcome> {
  return db.transaction(async (tx): Promise<StepOutcome> => {
    const folder = await lockFolder(tx, { userId: scope.userId, companyIds: companiesOf(scope) }, folderId);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    if (!scope.allCompanyIds.includes(folder.companyId)) {
      const [linked] = folder.technicianId
        ? await tx
            .select({ id: technicians.id })
            .from(technicians)
            .where(and(eq(technicians.id, folder.technicianId), eq(technicians.userId, scope.userId)))
        : [];
      if (!linked) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    }

    const [existing] = await tx
      .select()
      .from(folderTaskSteps)
      .where(
        and(eq(folderTaskSteps.companyId, folder.companyId), eq(folderTaskSteps.idempotencyKey, input.idempotencyKey)),
      );
    if (existing) {
      if (existing.folderId !== folderId || existing.step !== input.step) {
        throw conflict(FITTER_KEY_REUSED);
      }
      const photos = await tx
        .select({ id: folderDocuments.id })
        .from(folderDocuments)
        .where(eq(folderDocuments.fitterStepId, existing.id))
        .orderBy(asc(folderDocuments.id));
      return {
        outcome: 'replayed',
        result: resultOf(
          existing,
          photos.map((photo) => photo.id),
          await statusOf(tx, folder.statusId),
          true,
        ),
      };
    }

    const done = new Set(
      (
        await tx
          .select({ step: folderTaskSteps.step })
          .from(folderTaskSteps)
          .where(eq(folderTaskSteps.folderId, folderId))
      ).map((row) => row.step),
    );
    if (done.has(input.step)) throw conflict(FITTER_STEP_ALREADY_DONE);
    if (input.step > 1 && !done.has(input.step - 1)) {
      throw conflict(FITTER_PREVIOUS_STEP_FIRST((input.step - 1) as FitterStep));
    }
    const photoType = FITTER_PHOTO_STEPS[input.step];
    if (photoType) {
      if (input.photos.length === 0) throw invalid(FITTER_PHOTO_REQUIRED);
      if (input.photos.length > FITTER_PHOTOS_MAX) throw invalid(FITTER_PHOTOS_TOO_MANY);
      if (input.photos.some((photo) => !photo.mimeType || !PHOTO_TYPES.includes(photo.mimeType))) {
        throw unsupportedType(FITTER_PHOTO_REFUSED);
      }
    }
    if (needsComment(input.step) && !input.comment) throw invalid(FITTER_COMMENT_REQUIRED);

    const [saved] = await tx
      .insert(folderTaskSteps)
      .values({
        folderId,
        companyId: folder.companyId,
        step: input.step,
        userId: scope.userId,
        comment: input.comment || null,
        idempotencyKey: input.idempotencyKey,
        doneAt: input.doneAt,
      })
      .returning();
    if (!saved) throw new Error('step not inserted');
    const documentIds: number[] = [];
    for (const photo of photoType ? input.photos : []) {
      const [document] = await tx
        .insert(folderDocuments)
        .values({
          folderId,
          companyId: folder.companyId,
          name: photoType as string,
          typeFile: photoType as string,
          fileName: photo.fileName,
          mimeType: photo.mimeType as AcceptedMime,
          size: photo.content.length,
          uploadedBy: scope.userId,
          fitterStepId: saved.id,
        })
        .returning({ id: folderDocuments.id });
      if (!document) throw new Error('document not inserted');
      await tx.insert(folderDocumentContents).values({ documentId: document.id, content: photo.content });
      documentIds.push(document.id);
    }
    await tx.insert(folderHistory).values({
      folderId,
      companyId: folder.companyId,
      userId: scope.userId,
      kind: 'fitter_step',
      field: String(input.step),
      newValue: input.doneAt.toISOString(),
      content: stepContent(input, photoType ? input.photos.map((photo) => photo.fileName) : [], folder.repairKind),
    });

    const targetCode = FITTER_STEP_STATUS[input.step];
    const status = targetCode
      ? await moveStatusForward(tx, folder, targetCode, scope.userId)
      : await statusOf(tx, folder.statusId);
    return { outcome: 'recorded', result: resultOf(saved, documentIds, status, false) };
  });
}
