import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { companies, folders, technicians } from '../db/schema';
import type { Tx } from '../lib/folder-lock';

const DAY = 86_400_000;

/** [day from Monday, UTC hour, minute, length in minutes, technician index (null: "Sans poseur")]. */
type Slot = [number, number, number, number, number | null];

/** A working week over three fitters; the second one (index 1) is mobile in the demo. */
const WEEK: Slot[] = [
  [0, 7, 0, 90, 0],
  [0, 9, 30, 60, 0],
  [0, 7, 30, 60, 1],
  [0, 9, 0, 60, 1],
  [0, 12, 30, 90, 1],
  [0, 13, 0, 120, 2],
  [1, 8, 0, 60, 0],
  [1, 7, 0, 60, 1],
  [1, 8, 30, 90, 1],
  [1, 9, 0, 120, 2],
  [2, 7, 30, 60, 0],
  [2, 12, 0, 60, 2],
  [2, 7, 0, 60, 1],
  [2, 8, 30, 60, 1],
  [3, 7, 0, 120, 0],
  [3, 8, 0, 60, 1],
  [3, 9, 30, 60, 1],
  [3, 13, 0, 90, 2],
  [4, 7, 0, 60, 1],
  [4, 8, 30, 60, 1],
  [4, 12, 0, 180, 0],
  [4, 8, 0, 60, null],
  [5, 8, 0, 60, 2],
];

/**
 * Fills this week and the next (relative to the seeding day) of every demo garage with two fitters or more:
 * appointments on each fitter, a mobile one's round, one without fitter and one clash (two overlapping), on the
 * garage's newest open folders. Runs inside the folders' demo seed, which runs once; real garages are never touched.
 */
export async function seedCalendarDemo(tx: Tx, now: Date): Promise<void> {
  const weekday = (now.getUTCDay() + 6) % 7;
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - weekday * DAY;
  // The clash lies ahead (tomorrow, or next Wednesday on a Sunday) so it is still there when the demo is opened,
  // and on the third fitter, whom no fitter's account (the phone flow's day) is linked to.
  const clashDay = weekday < 6 ? weekday + 1 : 9;
  const clash: Slot[] = [
    [clashDay, 15, 0, 60, 2],
    [clashDay, 15, 30, 60, 2],
  ];
  const slots = [...WEEK, ...clash, ...WEEK.map(([day, ...rest]): Slot => [day + 7, ...rest])];
  const garages = await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  for (const garage of garages) {
    const crew = await tx
      .select({ id: technicians.id })
      .from(technicians)
      .where(eq(technicians.companyId, garage.id))
      .orderBy(asc(technicians.id));
    if (crew.length < 2) continue;
    const open = await tx
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.companyId, garage.id), isNull(folders.closedAt)))
      .orderBy(desc(folders.createdAt), desc(folders.id))
      .limit(slots.length);
    const values = open.map(({ id }, index) => {
      const [day, hour, minute, minutes, who] = slots[index] as Slot;
      const at = new Date(monday + day * DAY + (hour * 60 + minute) * 60_000).toISOString();
      const technicianId = who === null ? null : (crew[who % crew.length]?.id ?? null);
      return sql`(${id}::int, ${at}::timestamptz, ${minutes}::int, ${technicianId}::int)`;
    });
    if (values.length === 0) continue;
    await tx.execute(sql`
      update folders f set appointment_at = v.at, appointment_minutes = v.minutes, technician_id = v.technician
      from (values ${sql.join(values, sql`, `)}) as v(id, at, minutes, technician)
      where f.id = v.id`);
  }
}
