import { APPOINTMENT_STATUS_CODE, isBlankHtml } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db';
import { folderHistory, folders, technicians } from '../../../db/schema';
import { lockFolder } from '../../../lib/folder-lock';
import { sanitizeHtml } from '../../../lib/sanitize';
import { rescheduleAppointmentSms } from '../../sms/repository';
import { checkReferences } from '../create';
import type { FolderScope } from '../repository';
import { moveStatusForward } from '../status-moves';

export interface AppointmentChange {
  /** Null cancels the appointment. */
  at: Date | null;
  /** The appointment's note (rich text); undefined keeps the folder's. */
  comment?: string;
  /** How long it holds its technician; undefined keeps the folder's. */
  minutes?: number;
  /** Undefined keeps the folder's technician; null leaves the appointment without one. */
  technicianId?: number | null;
}

/**
 * Sets (or, with no date, cancels) the folder's appointment: its date, and as asked its comment, length and
 * technician (one of the folder's garage, else refused). One history row gives the old and new dates;
 * a change of technician adds the row the folder form writes for it. Undefined outside the caller's companies.
 * The folder page and the calendar both write appointments here, and only here. A booked appointment moves an open
 * folder to the garage's « Rendez-vous pris » status (code `appointment`), in its history too, and writes or cancels
 * its SMS confirmation and reminder (sms/repository.ts).
 */
export async function setAppointment(
  db: Database,
  scope: FolderScope,
  id: number,
  appointment: AppointmentChange,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const folder = await lockFolder(tx, scope, id);
    if (!folder) return undefined;
    const { technicianId, minutes } = appointment;
    if (technicianId) await checkReferences(tx, folder.companyId, { technicianId });
    const comment =
      appointment.comment === undefined
        ? undefined
        : isBlankHtml(appointment.comment)
          ? null
          : sanitizeHtml(appointment.comment);
    await tx
      .update(folders)
      .set({
        appointmentAt: appointment.at,
        ...(comment === undefined ? {} : { appointmentComment: comment }),
        ...(minutes === undefined ? {} : { appointmentMinutes: minutes }),
        ...(technicianId === undefined ? {} : { technicianId }),
        updatedAt: new Date(),
      })
      .where(eq(folders.id, id));
    await tx.insert(folderHistory).values({
      folderId: id,
      companyId: folder.companyId,
      userId: scope.userId,
      kind: 'appointment',
      field: 'appointmentAt',
      oldValue: folder.appointmentAt?.toISOString() ?? null,
      newValue: appointment.at?.toISOString() ?? null,
      content: comment ?? null,
    });
    if (technicianId !== undefined && technicianId !== folder.technicianId) {
      // Written by name, as the folder form writes it.
      const nameOf = async (technician: number | null) => {
        if (technician === null) return null;
        const [row] = await tx
          .select({ name: technicians.name })
          .from(technicians)
          .where(eq(technicians.id, technician));
        return row?.name ?? String(technician);
      };
      await tx.insert(folderHistory).values({
        folderId: id,
        companyId: folder.companyId,
        userId: scope.userId,
        kind: 'change',
        field: 'technicianId',
        oldValue: await nameOf(folder.technicianId),
        newValue: await nameOf(technicianId),
      });
    }
    // A booked appointment moves an open folder to « Rendez-vous pris » (cancelling one moves nothing back).
    if (appointment.at) await moveStatusForward(tx, folder, APPOINTMENT_STATUS_CODE, scope.userId);
    // Its confirmation and reminder by SMS follow the date.
    await rescheduleAppointmentSms(tx, folder, appointment.at, scope.userId);
    return folder.id;
  });
}
