import {
  type PagingQuery,
  TECHNICIAN_COLUMNS,
  TECHNICIAN_NOT_FOUND,
  TECHNICIAN_USER_INVALID,
  type Technician,
  type technicianBodySchema,
} from 'contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { companies, memberships, technicians, users } from '../../db/schema';
import { invalid, notFound } from '../../lib/domain-error';
import { containsFilter, pagedList } from '../../lib/paged-list';
import { holdsPermission } from '../../lib/roles-sql';

const userName = sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.name}), '')`;
const technicianColumns = {
  id: technicians.id,
  name: technicians.name,
  phone: technicians.phone,
  email: technicians.email,
  mobile: technicians.mobile,
  color: technicians.color,
  skills: technicians.skills,
  active: technicians.active,
  userId: technicians.userId,
  userName,
  companyName: companies.name,
};

const selectTechnicians = (db: Database) =>
  db
    .select(technicianColumns)
    .from(technicians)
    .innerJoin(companies, eq(companies.id, technicians.companyId))
    .leftJoin(users, eq(users.id, technicians.userId));

/** A page of the fitters of `scope`, searched on name, e-mail and phone (accents folded); by name by default. */
export function listTechnicians(db: Database, scope: number[], query: PagingQuery) {
  return pagedList(
    {
      rows: selectTechnicians(db).$dynamic(),
      count: db.select({ total: count() }).from(technicians).$dynamic(),
      keys: TECHNICIAN_COLUMNS,
      defaultSort: { sort: 'name', dir: 'asc' },
      // Skills are a list: sorting on them sorts by name.
      sorts: {
        name: technicians.name,
        phone: technicians.phone,
        email: technicians.email,
        mobile: technicians.mobile,
        color: technicians.color,
        active: technicians.active,
        skills: technicians.name,
      },
      nullsLast: true,
      tieBreak: [technicians.id],
      search: [
        sql`search_fold(${technicians.name})`,
        sql`search_fold(${technicians.email})`,
        sql`regexp_replace(${technicians.phone}, '[\\s.]', '', 'g')`,
      ],
      scope: inArray(technicians.companyId, scope),
      filters: {
        name: containsFilter(technicians.name),
        phone: containsFilter(technicians.phone),
        email: containsFilter(technicians.email),
        skills: containsFilter(sql`array_to_string(${technicians.skills}, ', ')`),
      },
    },
    query,
  );
}

export async function findTechnician(db: Database, companyIds: number[], id: number): Promise<Technician | undefined> {
  if (companyIds.length === 0) return undefined;
  const [row] = await selectTechnicians(db).where(
    and(eq(technicians.id, id), inArray(technicians.companyId, companyIds)),
  );
  return row;
}

/** Active accounts of the garage holding ROLE_POSEUR: who a fitter may be linked to. */
export async function fitterAccounts(db: Database, companyId: number) {
  const rows = await db
    .select({ id: users.id, name: sql<string>`trim(${users.firstname} || ' ' || ${users.name})`, email: users.email })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.active, true),
        eq(users.active, true),
        holdsPermission(memberships.roles, 'fitterAccount'),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: row.name || row.email }));
}

/** The garage of a fitter of `scope`, or a 404 for one out of reach. */
export async function technicianCompany(db: Database, scope: number[], id: number): Promise<number> {
  const [row] = scope.length
    ? await db
        .select({ companyId: technicians.companyId })
        .from(technicians)
        .where(and(eq(technicians.id, id), inArray(technicians.companyId, scope)))
    : [];
  if (!row) throw notFound(TECHNICIAN_NOT_FOUND);
  return row.companyId;
}

/**
 * A fitter created in `companyId` (`id` 0) or saved there, linked to one of the garage's fitter accounts or to none;
 * answered as the list shows it.
 */
export async function saveTechnician(
  db: Database,
  target: { id: number; companyId: number; scope: number[] },
  body: z.output<typeof technicianBodySchema>,
): Promise<Technician> {
  const { id, companyId } = target;
  if (body.userId !== null && !(await fitterAccounts(db, companyId)).some((account) => account.id === body.userId)) {
    throw invalid(TECHNICIAN_USER_INVALID);
  }
  const [saved] =
    id === 0
      ? await db
          .insert(technicians)
          .values({ ...body, companyId })
          .returning({ id: technicians.id })
      : await db
          .update(technicians)
          .set(body)
          .where(and(eq(technicians.id, id), eq(technicians.companyId, companyId)))
          .returning({ id: technicians.id });
  const technician = saved && (await findTechnician(db, target.scope, saved.id));
  if (!technician) throw notFound(TECHNICIAN_NOT_FOUND);
  return technician;
}
