import {
  type PagingQuery,
  pagingQuerySchema,
  TECHNICIAN_COLUMNS,
  TECHNICIAN_NOT_FOUND,
  TECHNICIAN_USER_INVALID,
  type Technician,
  technicianBodySchema,
  technicianFormResponseSchema,
  technicianListResponseSchema,
  technicianSchema,
} from 'contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db';
import { companies, memberships, technicians, users } from '../../db/schema';
import { invalid, notFound } from '../../lib/domain-error';
import { containsFilter, pagedList } from '../../lib/paged-list';
import { holdsPermission } from '../../lib/roles-sql';
import { companiesWith } from '../../plugins/app/auth';
import { errors, selectedCompanyToAdminister } from './scope';

const tags = ['technicians'];
const idParams = z.object({ id: z.coerce.number({ message: 'Identifiant de poseur invalide' }).int().min(0) });

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
function listTechnicians(db: Database, scope: number[], query: PagingQuery) {
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

async function findTechnician(db: Database, companyIds: number[], id: number): Promise<Technician | undefined> {
  if (companyIds.length === 0) return undefined;
  const [row] = await selectTechnicians(db).where(
    and(eq(technicians.id, id), inArray(technicians.companyId, companyIds)),
  );
  return row;
}

/** Active accounts of the garage holding ROLE_POSEUR: who a fitter may be linked to. */
async function fitterAccounts(db: Database, companyId: number) {
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

/** "Poseurs": the fitters of the selected garage (the calendar's columns), never another garage's. */
export const techniciansRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = app.requirePermission('technicians');

  app.get(
    '/api/technician/list',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Fitters of the selected garage (all of the caller’s for TOUT), server-paged',
        querystring: pagingQuerySchema,
        response: { 200: technicianListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = companiesWith(request, 'technicians');
      if (scope.length === 0) return { data: [], totalRecords: 0 };
      return listTechnicians(app.db, scope, request.query);
    },
  );

  app.get(
    '/api/technician/new/:id',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'The fitter form: the fitter (null for 0) and the garage’s accounts holding ROLE_POSEUR',
        params: idParams,
        response: { 200: technicianFormResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === 0) {
        const companyId = selectedCompanyToAdminister(request, 'technicians');
        return { technician: null, accounts: await fitterAccounts(app.db, companyId) };
      }
      const scope = companiesWith(request, 'technicians');
      const [row] = scope.length
        ? await app.db
            .select({ companyId: technicians.companyId })
            .from(technicians)
            .where(and(eq(technicians.id, id), inArray(technicians.companyId, scope)))
        : [];
      const technician = row && (await findTechnician(app.db, scope, id));
      if (!row || !technician) throw notFound(TECHNICIAN_NOT_FOUND);
      return { technician, accounts: await fitterAccounts(app.db, row.companyId) };
    },
  );

  app.post(
    '/api/technician/new/:id',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Creates (0, in the selected garage) or saves a fitter of the caller’s garages',
        params: idParams,
        body: technicianBodySchema,
        response: { 200: technicianSchema, 201: technicianSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const scope = companiesWith(request, 'technicians');
      let companyId: number;
      if (id === 0) {
        companyId = selectedCompanyToAdminister(request, 'technicians');
      } else {
        const [row] = scope.length
          ? await app.db
              .select({ companyId: technicians.companyId })
              .from(technicians)
              .where(and(eq(technicians.id, id), inArray(technicians.companyId, scope)))
          : [];
        if (!row) throw notFound(TECHNICIAN_NOT_FOUND);
        companyId = row.companyId;
      }
      const { userId } = request.body;
      if (userId !== null && !(await fitterAccounts(app.db, companyId)).some((account) => account.id === userId)) {
        throw invalid(TECHNICIAN_USER_INVALID);
      }
      let savedId: number | undefined;
      if (id === 0) {
        const [created] = await app.db
          .insert(technicians)
          .values({ ...request.body, companyId })
          .returning({ id: technicians.id });
        savedId = created?.id;
      } else {
        const [updated] = await app.db
          .update(technicians)
          .set(request.body)
          .where(and(eq(technicians.id, id), eq(technicians.companyId, companyId)))
          .returning({ id: technicians.id });
        savedId = updated?.id;
      }
      const technician = savedId === undefined ? undefined : await findTechnician(app.db, scope, savedId);
      if (!technician) throw notFound(TECHNICIAN_NOT_FOUND);
      return reply.code(id === 0 ? 201 : 200).send(technician);
    },
  );
};
