import { ALL_COMPANIES_ID, type GarageUserRow, type PagingQuery, USER_COLUMNS, USER_NOT_FOUND } from 'contracts';
import { and, asc, count, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, memberships, users } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { containsFilter, pagedList } from '../../lib/paged-list';
import { revokeUserSessions } from '../auth/sessions';

const fullName = sql<string>`trim(${users.firstname} || ' ' || ${users.name})`;

/** The ids of a page of the accounts of `scope`, searched on name and e-mail (accents folded); by name by default. */
function userIdsPage(db: Database, scope: number[], query: PagingQuery) {
  const inScope = (active: SQLWrapper) =>
    sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${active} and ${inArray(memberships.companyId, scope)})`;
  return pagedList(
    {
      rows: db.select({ id: users.id }).from(users).$dynamic(),
      count: db.select({ total: count() }).from(users).$dynamic(),
      keys: USER_COLUMNS,
      defaultSort: { sort: 'name', dir: 'asc' },
      sorts: { name: fullName, email: users.email, active: sql`(${users.active} and ${inScope(memberships.active)})` },
      tieBreak: [users.id],
      search: [sql`search_fold(${fullName})`, sql`search_fold(${users.email})`],
      scope: inScope(sql`true`),
      filters: { name: containsFilter(fullName), email: containsFilter(users.email) },
    },
    query,
  );
}

/**
 * Rows for `ids`, with their memberships limited to `scope` (never another garage's roles). `active` is the
 * membership's in the selected garage (under TOUT: active in one of the scope), and false for a locked account.
 */
export async function userRows(
  db: Database,
  ids: number[],
  scope: number[],
  selected: number,
): Promise<GarageUserRow[]> {
  if (ids.length === 0) return [];
  const [people, links] = await Promise.all([
    db
      .select({
        id: users.id,
        firstname: users.firstname,
        name: users.name,
        email: users.email,
        active: users.active,
        totpEnabledAt: users.totpEnabledAt,
      })
      .from(users)
      .where(inArray(users.id, ids)),
    db
      .select({
        userId: memberships.userId,
        id: companies.id,
        name: companies.name,
        roles: memberships.roles,
        active: memberships.active,
      })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(and(inArray(memberships.userId, ids), inArray(memberships.companyId, scope)))
      .orderBy(asc(companies.id)),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const { totpEnabledAt, ...person } = found;
    const own = links
      .filter((link) => link.userId === id)
      .map(({ userId: _, ...company }) => ({ ...company, active: company.active && person.active }));
    const inSelected = selected === ALL_COMPANIES_ID ? own : own.filter((company) => company.id === selected);
    return [
      {
        ...person,
        active: inSelected.some((company) => company.active),
        roles: [...new Set(inSelected.flatMap((company) => company.roles))],
        companies: own,
        twoFactor: totpEnabledAt !== null,
      },
    ];
  });
}

/** A page of the accounts of `scope` as « Mes utilisateurs » lists them (see userRows for `selected`). */
export async function listGarageUsers(db: Database, scope: number[], query: PagingQuery, selected: number) {
  if (scope.length === 0) return { data: [], totalRecords: 0 };
  const ids = await userIdsPage(db, scope, query);
  const data = await userRows(
    db,
    ids.data.map((row) => row.id),
    scope,
    selected,
  );
  return { data, totalRecords: ids.totalRecords };
}

/** Every membership of an account, whatever the garage: what its roles are everywhere. */
export function membershipsOf(db: Database, userId: number) {
  return db
    .select({ companyId: memberships.companyId, roles: memberships.roles })
    .from(memberships)
    .where(eq(memberships.userId, userId));
}

/** The account as the list shows it in `companyId`, or a 404. */
async function userRowIn(db: Database, userId: number, companyId: number): Promise<GarageUserRow> {
  const [row] = await userRows(db, [userId], [companyId], companyId);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** The account's roles in `companyId` replaced (each once). */
export async function setRolesIn(db: Database, userId: number, companyId: number, roles: string[]) {
  await db
    .update(memberships)
    .set({ roles: [...new Set(roles)] })
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
  return userRowIn(db, userId, companyId);
}

/**
 * The account's membership of `companyId` (de)activated, and nothing else: their other garages keep them. When the
 * last active membership goes, their sessions end at once (they could no longer sign in anyway).
 */
export async function setActiveIn(db: Database, userId: number, companyId: number, active: boolean) {
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ active })
      .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
    if (active) return;
    const [still] = await tx
      .select({ companyId: memberships.companyId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.active, true)))
      .limit(1);
    if (!still) await revokeUserSessions(tx, userId);
  });
  return userRowIn(db, userId, companyId);
}
