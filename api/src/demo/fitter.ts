import { FRANCE_TIME_ZONE, parisDay } from 'contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { folderStatuses, folders, memberships, technicians } from '../db/schema';
import type { Tx } from '../lib/folder-lock';

/** Where a linked fitter's demo day may take appointments (garage time), 60 minutes each. */
const SLOTS: [number, number][] = [
  [8, 30],
  [10, 30],
  [14, 0],
  [16, 0],
];
const WANTED = 3;
const MINUTES = 60;

/** `day` (YYYY-MM-DD) at hour:minute garage time, as an instant (UTC+1 or +2, read back from the formatter). */
function garageTime(day: string, hour: number, minute: number): Date {
  const naive = Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  const shown = new Intl.DateTimeFormat('en-GB', { timeZone: FRANCE_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });
  return new Date(naive - ((Number(shown.format(naive)) - hour + 24) % 24) * 3_600_000);
}

/**
 * The phone flow's demo day: every technician linked to a fitter's account (poseur@ in Lyon) has three
 * appointments on the seeding day (`/calendar/tasks`). Slots already holding one of theirs (the calendar's demo
 * week) count and are skipped; the others go to the garage's newest folders not closed nor waiting for validation
 * and not scheduled from today on (those not yet under way first). Runs inside the folders' demo seed, which runs once.
 */
export async function seedFitterDayDemo(tx: Tx, now: Date): Promise<void> {
  const day = parisDay(now);
  const start = garageTime(day, 0, 0);
  const end = new Date(garageTime(day, 23, 0).getTime() + 3_600_000);
  const linked = await tx
    .select({ id: technicians.id, companyId: technicians.companyId })
    .from(technicians)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, technicians.userId), eq(memberships.companyId, technicians.companyId)),
    )
    .where(sql`'ROLE_POSEUR' = any(${memberships.roles})`)
    .orderBy(asc(technicians.id));
  for (const technician of linked) {
    const booked = await tx
      .select({ at: folders.appointmentAt, minutes: folders.appointmentMinutes })
      .from(folders)
      .where(
        and(eq(folders.technicianId, technician.id), gte(folders.appointmentAt, start), lt(folders.appointmentAt, end)),
      );
    const free = SLOTS.map(([hour, minute]) => garageTime(day, hour, minute)).filter((slot) =>
      booked.every(({ at, minutes }) => {
        if (!at) return true;
        return slot.getTime() >= at.getTime() + minutes * 60_000 || at.getTime() >= slot.getTime() + MINUTES * 60_000;
      }),
    );
    const slots = free.slice(0, Math.max(0, WANTED - booked.length));
    if (slots.length === 0) continue;
    const candidates = await tx
      .select({ id: folders.id })
      .from(folders)
      .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
      .where(
        and(
          eq(folders.companyId, technician.companyId),
          isNull(folders.closedAt),
          or(isNull(folderStatuses.code), inArray(folderStatuses.code, ['open', 'outstanding'])),
          or(isNull(folders.appointmentAt), lt(folders.appointmentAt, start)),
        ),
      )
      // Not yet under way first; the calendar's week already took the newest of those.
      .orderBy(sql`${folderStatuses.code} = 'outstanding' nulls first`, desc(folders.createdAt), desc(folders.id))
      .limit(slots.length);
    for (const [index, folder] of candidates.entries()) {
      await tx
        .update(folders)
        .set({ technicianId: technician.id, appointmentAt: slots[index], appointmentMinutes: MINUTES })
        .where(eq(folders.id, folder.id));
    }
  }
}
