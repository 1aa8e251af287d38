import { DEMO_COMPANIES, INSURERS } from 'contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import {
  companies,
  folderHistory,
  folderStatuses,
  folders,
  knownBy,
  memberships,
  technicians,
  users,
} from '../db/schema';
import { DEFAULT_KNOWN_BY, DEFAULT_STATUSES } from '../modules/folders/defaults';
import { seedCalendarDemo } from './calendar';
import { seedFitterDayDemo } from './fitter';
import { seedFolderActivityDemo } from './folder-activity';
import { CITIES, COMMENTS, FIRST_NAMES, LAST_NAMES, STREETS, VEHICLES } from './folder-people';

/** Demo folders per company: about 2,000 over the last 12 months. */
const FOLDER_COUNTS: Record<string, number> = {
  [DEMO_COMPANIES.franchisor]: 40,
  [DEMO_COMPANIES.lyon]: 520,
  [DEMO_COMPANIES.paris]: 480,
  [DEMO_COMPANIES.marseille]: 300,
  [DEMO_COMPANIES.bordeaux]: 260,
  [DEMO_COMPANIES.centre]: 250,
  [DEMO_COMPANIES.martin]: 150,
};

/** Each garage's technicians; the first is linked to the garage's fitter account (Lyon's is poseur@, Karim Benali). */
const TECHNICIANS: Record<string, string[]> = {
  [DEMO_COMPANIES.franchisor]: ['Bruno Carrel'],
  [DEMO_COMPANIES.lyon]: ['Karim Benali', 'Sébastien Roche', 'Yanis Ferrand'],
  [DEMO_COMPANIES.paris]: ['David Cohen', 'Alexandre Petitjean', 'Moussa Diallo'],
  [DEMO_COMPANIES.marseille]: ['Rémi Castellan', 'Farid Amrani'],
  [DEMO_COMPANIES.bordeaux]: ['Cédric Labat', 'Guillaume Darrieux'],
  [DEMO_COMPANIES.centre]: ['Patrick Gaudin', 'Anthony Brochard'],
  [DEMO_COMPANIES.martin]: ['Jérôme Martin', 'Kevin Delattre'],
};
const TECHNICIAN_COLORS = ['#1e7b34', '#1677ff', '#d46b08', '#722ed1'];
// No Q: test fixtures take plates starting with Q, so they never meet a demo plate.
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';

/** Deterministic pseudo-random numbers: the same demo on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

type Random = ReturnType<typeof random>;

function plate(rng: Random): string {
  const letter = () => PLATE_LETTERS[rng.int(PLATE_LETTERS.length)];
  return `${letter()}${letter()}${String(rng.int(999) + 1).padStart(3, '0')}${letter()}${letter()}`;
}

/** camille.dupont@exemple.fr: accents and spaces dropped. */
const emailOf = (firstName: string, lastName: string) =>
  `${`${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase()}@exemple.fr`;

/** 17 characters, no I, O or Q, a French manufacturer prefix. */
function vin(rng: Random): string {
  const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let rest = '';
  for (let i = 0; i < 14; i++) rest += chars[rng.int(chars.length)];
  return `${rng.pick(['VF1', 'VF3', 'VF7', 'UU1'])}${rest}`;
}

/** Older folders are mostly closed; this month's are still being worked on. */
function statusFor(rng: Random, ageDays: number): (typeof DEFAULT_STATUSES)[number] {
  const [open, appointment, ordered, outstanding, waiting, closed] = DEFAULT_STATUSES;
  const roll = rng.next();
  if (ageDays > 45) return roll < 0.88 ? closed : roll < 0.95 ? waiting : outstanding;
  if (ageDays > 10) return roll < 0.45 ? closed : roll < 0.6 ? waiting : roll < 0.8 ? outstanding : ordered;
  return roll < 0.3 ? open : roll < 0.55 ? appointment : roll < 0.7 ? ordered : roll < 0.9 ? outstanding : waiting;
}

/** A demo policy's deductible terms. */
const demoDeductible = (index: number) =>
  index % 5 === 0
    ? { deductiblePercent: 1_000, deductibleMinimum: 7_600 }
    : { deductibleAmount: [10_000, 15_000, 7_500][index % 3] };

const DAY = 86_400_000;

/**
 * The demo's statuses, known-by lists, technicians and ~2,000 folders with their history, so every screen
 * looks like a working garage. Runs once: a database that already has folder statuses is left alone.
 */
/**
 * A customer who comes back: three of the garage's recent folders are one person's, over two vehicles (a
 * windscreen, then a side window on the same car, then the second car), so the customer and vehicle pages have a
 * past to show. Only names, contact details and vehicles are rewritten: counts, statuses and dates stay as drawn.
 */
function returningCustomer(rows: (typeof folders.$inferInsert)[]) {
  const customer = {
    civility: 'Mme',
    firstName: 'Claire',
    lastName: 'Fontaine',
    phone: '0612345678',
    email: 'claire.fontaine@exemple.fr',
  };
  const cars = [
    { plate: 'FK482TL', brand: 'Renault', model: 'Clio V', vin: 'VF1RJA00067123456' },
    { plate: 'GD915RM', brand: 'Peugeot', model: '3008', vin: 'VF3MCYHZRLS012345' },
  ];
  const picks = [rows.length - 9, rows.length - 5, rows.length - 2];
  picks.forEach((index, order) => {
    const row = rows[index];
    if (row) Object.assign(row, customer, cars[order === 2 ? 1 : 0]);
  });
}

export async function seedFoldersDemo(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20260103)`);
    const [existing] = await tx.select({ id: folderStatuses.id }).from(folderStatuses).limit(1);
    if (existing) return false;
    const allCompanies = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .orderBy(asc(companies.id));
    for (const company of allCompanies) {
      const rng = random(company.id * 7919);
      const statuses = await tx
        .insert(folderStatuses)
        .values(DEFAULT_STATUSES.map((status) => ({ ...status, companyId: company.id })))
        .returning();
      const known = await tx
        .insert(knownBy)
        .values(DEFAULT_KNOWN_BY.map((label) => ({ companyId: company.id, label })))
        .returning({ id: knownBy.id });
      const staff = await tx
        .select({ userId: users.id, roles: memberships.roles })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.companyId, company.id))
        .orderBy(asc(users.id));
      const fitterUser = staff.find((member) => member.roles.includes('ROLE_POSEUR'))?.userId ?? null;
      const names = TECHNICIANS[company.name] ?? ['Technicien'];
      const crew = await tx
        .insert(technicians)
        .values(
          names.map((name, index) => ({
            companyId: company.id,
            name,
            userId: index === 0 ? fitterUser : null,
            mobile: index % 2 === 1,
            color: TECHNICIAN_COLORS[index % TECHNICIAN_COLORS.length] as string,
            phone: `06${String(10_000_000 + rng.int(89_999_999))}`,
          })),
        )
        .returning({ id: technicians.id });

      const count = FOLDER_COUNTS[company.name] ?? 20;
      const cities = CITIES[company.name] ?? [['Lyon', '69001']];
      const owners = staff.map((member) => member.userId);
      const rows: (typeof folders.$inferInsert)[] = [];
      const stories: {
        ageDays: number;
        status: (typeof DEFAULT_STATUSES)[number];
        owner: number | null;
        createdAt: Date;
      }[] = [];
      for (let i = 0; i < count; i++) {
        // Sorted oldest first, so numbers grow with time as they do in a garage.
        const ageDays = Math.floor((365 * (count - i)) / count) - rng.int(3);
        const createdAt = new Date(now.getTime() - Math.max(ageDays, 0) * DAY - rng.int(8 * 3600) * 1000);
        const status = statusFor(rng, ageDays);
        const statusRow = statuses.find((row) => row.label === status.label);
        const [city, postalCode] = rng.pick(cities);
        const [firstName, civility] = rng.pick(FIRST_NAMES);
        const lastName = rng.pick(LAST_NAMES);
        const [brand, model] = rng.pick(VEHICLES);
        const insurer = rng.next() < 0.07 ? 'Sans assurance' : rng.pick(INSURERS.slice(0, -1));
        const glassRoll = rng.next();
        const hasAppointment = status.code !== 'open' || rng.next() < 0.3;
        const appointmentAt = hasAppointment ? new Date(createdAt.getTime() + (1 + rng.int(6)) * DAY) : null;
        appointmentAt?.setUTCHours(7 + rng.int(9), rng.int(2) * 30, 0, 0);
        const owner = owners.length > 0 ? (rng.pick(owners) ?? null) : null;
        rows.push({
          companyId: company.id,
          number: `D-${createdAt.getUTCFullYear()}-${String(i + 1).padStart(5, '0')}`,
          civility,
          firstName,
          lastName,
          phone: `0${rng.next() < 0.8 ? 6 : 7}${String(10_000_000 + rng.int(89_999_999))}`,
          email: emailOf(firstName, lastName),
          address: `${1 + rng.int(120)} ${rng.pick(STREETS)}`,
          postalCode,
          city,
          plate: plate(rng),
          brand,
          model,
          vin: rng.next() < 0.6 ? vin(rng) : null,
          // Not drawn from rng: the rest of the demo stays as it was. Most cars have 8 000 to 188 000 km.
          mileage: 8_000 + ((i * 7_919 + company.id * 104_729) % 180_000),
          insurer: insurer === 'Sans assurance' ? null : insurer,
          policyNumber:
            insurer === 'Sans assurance' ? null : `${insurer.slice(0, 3).toUpperCase()}${100_000 + rng.int(899_999)}`,
          claimNumber:
            insurer === 'Sans assurance'
              ? null
              : `SIN-${createdAt.getUTCFullYear()}-${String(rng.int(999_999)).padStart(6, '0')}`,
          // The policy's deductible (not drawn from rng either): a fixed amount, or one in five 10 % with 76 € minimum.
          ...(insurer === 'Sans assurance' ? {} : demoDeductible(i)),
          glass: glassRoll < 0.78 ? 'windscreen' : glassRoll < 0.92 ? 'side' : 'rear',
          repairKind: rng.next() < 0.27 ? 'repair' : 'replacement',
          knownById: rng.pick(known).id,
          statusId: statusRow?.id ?? (statuses[0]?.id as number),
          technicianId: rng.pick(crew).id,
          ownerId: owner,
          appointmentAt,
          closedAt: status.code === 'close' ? new Date(createdAt.getTime() + (3 + rng.int(10)) * DAY) : null,
          createdAt,
          updatedAt: createdAt,
        });
        stories.push({ ageDays, status, owner, createdAt });
      }
      if (company.name === DEMO_COMPANIES.lyon) returningCustomer(rows);
      for (let start = 0; start < rows.length; start += 400) {
        const inserted = await tx
          .insert(folders)
          .values(rows.slice(start, start + 400))
          .returning({ id: folders.id });
        const history: (typeof folderHistory.$inferInsert)[] = [];
        inserted.forEach(({ id }, offset) => {
          const story = stories[start + offset];
          if (!story) return;
          const at = (days: number) => new Date(story.createdAt.getTime() + days * DAY);
          history.push({
            folderId: id,
            companyId: company.id,
            userId: story.owner,
            kind: 'created',
            createdAt: story.createdAt,
          });
          if (rng.next() < 0.45) {
            history.push({
              folderId: id,
              companyId: company.id,
              userId: story.owner,
              kind: 'comment',
              content: `<p>${rng.pick(COMMENTS)}</p>`,
              createdAt: at(0.2),
            });
          }
          if (story.status.code !== 'open') {
            history.push({
              folderId: id,
              companyId: company.id,
              userId: story.owner,
              kind: 'status',
              field: 'status',
              oldValue: 'Ouvert',
              newValue: story.status.label,
              createdAt: at(story.status.code === 'close' ? 3 : 1),
            });
          }
        });
        if (history.length > 0) await tx.insert(folderHistory).values(history);
      }
    }
    await seedCalendarDemo(tx, now);
    // After the calendar's week: the linked fitter's day fills the slots it left free.
    await seedFitterDayDemo(tx, now);
    await seedFolderActivityDemo(tx);
    return true;
  });
}
