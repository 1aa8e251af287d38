import {
  APPOINTMENT_MINUTES_MAX,
  type CalendarAppointment,
  type CalendarResponse,
  formatPlate,
  parisDay,
} from 'contracts';
import { and, asc, eq, gte, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, folderStatuses, folders, technicians } from '../../db/schema';
import { estimateTravelMinutes } from './travel';

const MINUTE = 60_000;
/** An appointment starting this long before a window may still run into it (its clash and travel count there). */
const LONGEST_MS = APPOINTMENT_MINUTES_MAX * MINUTE;

interface Row {
  folderId: number;
  folderNumber: string;
  companyId: number;
  plate: string;
  lastName: string;
  firstName: string;
  city: string | null;
  postalCode: string | null;
  technicianId: number | null;
  mobile: boolean | null;
  start: Date;
  minutes: number;
  statusLabel: string;
  statusColor: string;
}

/** Appointments of the caller's companies starting in [from, to[, with their technician's `mobile`. */
function appointmentRows(db: Database, companyIds: number[], from: Date, to: Date, extra?: SQL): Promise<Row[]> {
  return db
    .select({
      folderId: folders.id,
      folderNumber: folders.number,
      companyId: folders.companyId,
      plate: folders.plate,
      lastName: folders.lastName,
      firstName: folders.firstName,
      city: folders.city,
      postalCode: folders.postalCode,
      technicianId: folders.technicianId,
      mobile: technicians.mobile,
      start: folders.appointmentAt,
      minutes: folders.appointmentMinutes,
      statusLabel: folderStatuses.label,
      statusColor: folderStatuses.color,
    })
    .from(folders)
    .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
    .leftJoin(technicians, eq(technicians.id, folders.technicianId))
    .where(
      and(
        // folders_company_appointment_idx: (company_id, appointment_at) where appointment_at is not null.
        inArray(folders.companyId, companyIds),
        isNotNull(folders.appointmentAt),
        gte(folders.appointmentAt, from),
        lt(folders.appointmentAt, to),
        extra,
      ),
    )
    .orderBy(asc(folders.appointmentAt), asc(folders.id)) as Promise<Row[]>;
}

/**
 * Each row with its clash flag (overlapping another of the same technician; touching is not overlapping) and,
 * for a mobile technician, the estimated drive from their previous appointment of the same day.
 */
function annotate(rows: Row[]): CalendarAppointment[] {
  const clash = new Set<number>();
  const travel = new Map<number, number | null>();
  const byTechnician = new Map<number, Row[]>();
  for (const row of rows) {
    if (row.technicianId === null) continue;
    const list = byTechnician.get(row.technicianId) ?? [];
    list.push(row);
    byTechnician.set(row.technicianId, list);
  }
  for (const list of byTechnician.values()) {
    // Sorted by start: only the following rows starting before this one ends can overlap it.
    list.sort((a, b) => a.start.getTime() - b.start.getTime() || a.folderId - b.folderId);
    list.forEach((row, index) => {
      const end = row.start.getTime() + row.minutes * MINUTE;
      for (let next = index + 1; next < list.length; next++) {
        const other = list[next] as Row;
        if (other.start.getTime() >= end) break;
        clash.add(row.folderId);
        clash.add(other.folderId);
      }
      const previous = list[index - 1];
      if (row.mobile && previous && parisDay(previous.start) === parisDay(row.start)) {
        travel.set(row.folderId, estimateTravelMinutes(previous.postalCode, row.postalCode));
      }
    });
  }
  return rows.map((row) => ({
    folderId: row.folderId,
    folderNumber: row.folderNumber,
    companyId: row.companyId,
    plate: formatPlate(row.plate),
    customer: `${row.lastName} ${row.firstName}`.trim(),
    city: row.city,
    postalCode: row.postalCode,
    technicianId: row.technicianId,
    start: row.start.toISOString(),
    minutes: row.minutes,
    statusLabel: row.statusLabel,
    statusColor: row.statusColor,
    clash: clash.has(row.folderId),
    travelMinutesBefore: travel.get(row.folderId) ?? null,
  }));
}

/**
 * The week of the caller's companies: their active technicians (and any other holding an appointment of the
 * week), garage by garage, and the appointments starting in [from, to[ with clash and travel. Those starting up
 * to 12 hours before `from` are read too: they may still overlap the week's first ones.
 */
export async function calendarWeek(
  db: Database,
  companyIds: number[],
  from: Date,
  to: Date,
): Promise<CalendarResponse> {
  if (companyIds.length === 0) return { technicians: [], appointments: [] };
  const rows = await appointmentRows(db, companyIds, new Date(from.getTime() - LONGEST_MS), to);
  const booked = [...new Set(rows.map((row) => row.technicianId).filter((id): id is number => id !== null))];
  const crew = await db
    .select({
      id: technicians.id,
      name: technicians.name,
      color: technicians.color,
      mobile: technicians.mobile,
      active: technicians.active,
      companyId: technicians.companyId,
      companyName: companies.name,
    })
    .from(technicians)
    .innerJoin(companies, eq(companies.id, technicians.companyId))
    .where(
      and(
        inArray(technicians.companyId, companyIds),
        booked.length > 0
          ? or(eq(technicians.active, true), inArray(technicians.id, booked))
          : eq(technicians.active, true),
      ),
    )
    .orderBy(asc(companies.name), asc(technicians.name), asc(technicians.id));
  const appointments = annotate(rows).filter((row) => Date.parse(row.start) >= from.getTime());
  return { technicians: crew, appointments };
}

/**
 * One folder's appointment as the week shows it (clash and travel counted against its technician's others),
 * or undefined when it has none or lies outside the caller's companies.
 */
export async function calendarAppointment(
  db: Database,
  companyIds: number[],
  folderId: number,
): Promise<CalendarAppointment | undefined> {
  if (companyIds.length === 0) return undefined;
  const [folder] = await db
    .select({ start: folders.appointmentAt, technicianId: folders.technicianId })
    .from(folders)
    .where(and(eq(folders.id, folderId), inArray(folders.companyId, companyIds)));
  if (!folder?.start) return undefined;
  // Its technician's appointments around it: every one that may overlap it or precede it the same day.
  const around = 36 * 3_600_000;
  const rows = await appointmentRows(
    db,
    companyIds,
    new Date(folder.start.getTime() - around),
    new Date(folder.start.getTime() + around),
    folder.technicianId === null ? eq(folders.id, folderId) : eq(folders.technicianId, folder.technicianId),
  );
  return annotate(rows).find((row) => row.folderId === folderId);
}
