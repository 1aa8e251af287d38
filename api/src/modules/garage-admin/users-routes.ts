import { randomBytes } from 'node:crypto';
import {
  ACCESS_MAIL_SUBJECT,
  ALL_COMPANIES_ID,
  can,
  type GarageUserRow,
  garageUserBodySchema,
  garageUserListResponseSchema,
  garageUserRowSchema,
  grantableRoles,
  idParamsSchema,
  pagingQuerySchema,
  ROLE_LABELS,
  type Role,
  USER_ALREADY_MEMBER,
  USER_COLUMNS,
  USER_NOT_FOUND,
  USER_ROLE_FORBIDDEN,
  USER_SELF_DEACTIVATE,
} from 'contracts';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db';
import { companies, memberships, outbox, sessions, users } from '../../db/schema';
import { httpError } from '../../lib/http-error';
import { containsPattern } from '../../lib/like';
import { resolvePaging } from '../../lib/paging';
import { hashPassword } from '../auth/password';
import { errors, rolesIn, selectedCompanyToAdminister } from './scope';

const tags = ['users'];
const userIdParams = z.object({ id: z.coerce.number({ message: 'Identifiant invalide' }).int().min(0) });
export const SELF_ROLES_MESSAGE = 'Vous ne pouvez pas modifier vos propres rôles';
export const INVITE_FIELDS_MESSAGE = 'Prénom, nom et e-mail sont obligatoires pour inviter un utilisateur';

const fullName = sql<string>`trim(${users.firstname} || ' ' || ${users.name})`;
const sortColumns = { name: fullName, email: users.email, active: users.active };

/** Rows for `ids`, with their memberships limited to `scope` (never another garage's roles). */
async function userRows(db: Database, ids: number[], scope: number[], selected: number): Promise<GarageUserRow[]> {
  if (ids.length === 0) return [];
  const [people, links] = await Promise.all([
    db
      .select({ id: users.id, firstname: users.firstname, name: users.name, email: users.email, active: users.active })
      .from(users)
      .where(inArray(users.id, ids)),
    db
      .select({ userId: memberships.userId, id: companies.id, name: companies.name, roles: memberships.roles })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(and(inArray(memberships.userId, ids), inArray(memberships.companyId, scope)))
      .orderBy(asc(companies.id)),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  return ids.flatMap((id) => {
    const person = byId.get(id);
    if (!person) return [];
    const own = links.filter((link) => link.userId === id).map(({ userId: _, ...company }) => company);
    const inSelected = selected === ALL_COMPANIES_ID ? own : own.filter((company) => company.id === selected);
    return [{ ...person, roles: [...new Set(inSelected.flatMap((company) => company.roles))], companies: own }];
  });
}

const accessMail = (firstname: string, companyName: string, email: string, password: string | null) =>
  [
    `Bonjour ${firstname},`,
    '',
    `Un accès au garage « ${companyName} » vous a été ouvert.`,
    `Identifiant : ${email}`,
    password
      ? `Mot de passe provisoire : ${password} (changez-le dès votre première connexion).`
      : 'Connectez-vous avec votre mot de passe habituel.',
    '',
    'À bientôt.',
  ].join('\n');

/** "Mes utilisateurs": the garage's accounts, invitations, roles, (de)activation. */
export const garageUsersModule: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('users');

  /** The scope companies where the caller manages users. */
  const managed = (request: FastifyRequest) =>
    request.auth.companyIds.filter((companyId) => can(rolesIn(request, companyId), 'users'));

  /**
   * A user the caller may (de)activate: a member of a garage the caller manages, whose roles there the caller
   * could all have granted (a centre admin does not lock out the franchisor).
   */
  async function manageableUser(request: FastifyRequest, userId: number): Promise<void> {
    if (userId === request.auth.userId) throw httpError(400, USER_SELF_DEACTIVATE);
    const companyIds = managed(request);
    const links = companyIds.length
      ? await app.db
          .select({ companyId: memberships.companyId, roles: memberships.roles })
          .from(memberships)
          .where(and(eq(memberships.userId, userId), inArray(memberships.companyId, companyIds)))
      : [];
    if (links.length === 0) throw httpError(404, USER_NOT_FOUND);
    const allowed = links.every((link) => {
      const grantable: string[] = grantableRoles(rolesIn(request, link.companyId));
      return link.roles.every((role) => grantable.includes(role));
    });
    if (!allowed) throw httpError(403, USER_ROLE_FORBIDDEN);
  }

  app.get(
    '/api/users',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Users of the selected garage (all of the caller’s for TOUT), their roles, active flag; shared paging',
        querystring: pagingQuerySchema,
        response: { 200: garageUserListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = managed(request);
      if (scope.length === 0) return { data: [], totalRecords: 0 };
      const paging = resolvePaging(request.query, USER_COLUMNS, { sort: 'name', dir: 'asc' });
      const conditions: SQL[] = [
        sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${inArray(memberships.companyId, scope)})`,
      ];
      if (paging.search) {
        const pattern = containsPattern(paging.search);
        conditions.push(sql`(${fullName} ilike ${pattern} or ${users.email} ilike ${pattern})`);
      }
      if (paging.filters.name) conditions.push(sql`${fullName} ilike ${containsPattern(paging.filters.name)}`);
      if (paging.filters.email) conditions.push(sql`${users.email} ilike ${containsPattern(paging.filters.email)}`);
      const where = and(...conditions);
      const sort = sortColumns[paging.sort ?? 'name'];
      const [ids, [total]] = await Promise.all([
        app.db
          .select({ id: users.id })
          .from(users)
          .where(where)
          .orderBy(paging.dir === 'asc' ? sql`${sort} asc` : sql`${sort} desc`, users.id)
          .limit(paging.limit)
          .offset(paging.offset),
        app.db.select({ total: count() }).from(users).where(where),
      ]);
      const data = await userRows(
        app.db,
        ids.map((row) => row.id),
        scope,
        request.auth.selectedCompanyId,
      );
      return { data, totalRecords: total?.total ?? 0 };
    },
  );

  app.post(
    '/api/users/new/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'id 0: invites a user into the selected garage (random password, "Votre accès" mail in the outbox); id > 0: sets their roles there. Only roles the caller may grant.',
        params: userIdParams,
        body: garageUserBodySchema,
        response: { 200: garageUserRowSchema, 201: garageUserRowSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedCompanyToAdminister(request, 'users');
      const grantable: string[] = grantableRoles(rolesIn(request, companyId));
      const { id } = request.params;
      const body = request.body;
      const answer = async (userId: number) => {
        const [row] = await userRows(app.db, [userId], [companyId], companyId);
        if (!row) throw httpError(404, USER_NOT_FOUND);
        return row;
      };

      if (id > 0) {
        if (id === request.auth.userId) throw httpError(400, SELF_ROLES_MESSAGE);
        const [link] = await app.db
          .select({ roles: memberships.roles })
          .from(memberships)
          .where(and(eq(memberships.userId, id), eq(memberships.companyId, companyId)));
        if (!link) throw httpError(404, USER_NOT_FOUND);
        const changed = [
          ...body.roles.filter((role) => !link.roles.includes(role)),
          ...link.roles.filter((role) => !(body.roles as string[]).includes(role)),
        ];
        if (changed.some((role) => !grantable.includes(role))) throw httpError(403, USER_ROLE_FORBIDDEN);
        await app.db
          .update(memberships)
          .set({ roles: [...new Set(body.roles)] })
          .where(and(eq(memberships.userId, id), eq(memberships.companyId, companyId)));
        return answer(id);
      }

      if (!body.firstname || !body.name || !body.email) throw httpError(400, INVITE_FIELDS_MESSAGE);
      const forbidden = body.roles.find((role) => !grantable.includes(role));
      if (forbidden) throw httpError(403, `${USER_ROLE_FORBIDDEN} : ${ROLE_LABELS[forbidden as Role]}`);
      const { firstname, name, email } = body;
      const userId = await app.db.transaction(async (tx) => {
        const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        let password: string | null = null;
        let target = existing?.id;
        if (target !== undefined) {
          const [member] = await tx
            .select({ userId: memberships.userId })
            .from(memberships)
            .where(and(eq(memberships.userId, target), eq(memberships.companyId, companyId)));
          if (member) throw httpError(409, USER_ALREADY_MEMBER);
        } else {
          password = randomBytes(9).toString('base64url');
          const [created] = await tx
            .insert(users)
            .values({ email, firstname, name, passwordHash: await hashPassword(password) })
            .returning({ id: users.id });
          target = created?.id;
        }
        if (target === undefined) throw new Error('user not created');
        await tx.insert(memberships).values({ userId: target, companyId, roles: [...new Set(body.roles)] });
        await tx.insert(outbox).values({
          channel: 'mail',
          companyId,
          to: email,
          subject: ACCESS_MAIL_SUBJECT,
          body: accessMail(firstname, company?.name ?? '', email, password),
        });
        return target;
      });
      return reply.code(201).send(await answer(userId));
    },
  );

  const setActive = async (request: FastifyRequest, id: number, active: boolean) => {
    await manageableUser(request, id);
    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ active }).where(eq(users.id, id));
      // Deactivating ends every session at once (the auth plugin also refuses an inactive user's cookie).
      if (!active) {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
      }
    });
    const [row] = await userRows(app.db, [id], managed(request), request.auth.selectedCompanyId);
    if (!row) throw httpError(404, USER_NOT_FOUND);
    return row;
  };

  app.post(
    '/api/users/:id/deactivate',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Deactivates a user of the caller’s garage: sign-in refused, their sessions ended at once',
        params: idParamsSchema,
        response: { 200: garageUserRowSchema, ...errors },
      },
    },
    async (request) => setActive(request, request.params.id, false),
  );

  app.post(
    '/api/users/:id/activate',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Reactivates a user of the caller’s garage',
        params: idParamsSchema,
        response: { 200: garageUserRowSchema, ...errors },
      },
    },
    async (request) => setActive(request, request.params.id, true),
  );
};
