import {
  ALL_COMPANIES_ID,
  type GarageUserRow,
  garageUserBodySchema,
  garageUserListResponseSchema,
  garageUserRowSchema,
  grantableRoles,
  idParamsSchema,
  invitationSentSchema,
  type PagingQuery,
  pagingQuerySchema,
  pendingInvitationListSchema,
  ROLE_LABELS,
  type Role,
  USER_COLUMNS,
  USER_NOT_FOUND,
  USER_ROLE_FORBIDDEN,
  USER_SELF_DEACTIVATE,
} from 'contracts';
import { and, asc, count, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db';
import { companies, memberships, users } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../lib/domain-error';
import { linkOrigin } from '../../lib/link-origin';
import { containsFilter, pagedList } from '../../lib/paged-list';
import { companiesWith } from '../../plugins/app/auth';
import { revokeUserSessions } from '../auth/sessions';
import { cancelInvitation, invite, listPendingInvitations } from './invitations';
import { errors, rolesIn, selectedCompanyToAdminister } from './scope';

const tags = ['users'];
const userIdParams = z.object({ id: z.coerce.number({ message: 'Identifiant invalide' }).int().min(0) });
export const SELF_ROLES_MESSAGE = 'Vous ne pouvez pas modifier vos propres rôles';
export const INVITE_FIELDS_MESSAGE = 'Prénom, nom et e-mail sont obligatoires pour inviter un utilisateur';

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
async function userRows(db: Database, ids: number[], scope: number[], selected: number): Promise<GarageUserRow[]> {
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

/** "Mes utilisateurs": the garage's accounts, invitations, roles, (de)activation. */
export const garageUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('users');

  /** The scope companies where the caller manages users. */
  const managed = (request: FastifyRequest) => companiesWith(request, 'users');

  /**
   * The caller may change `userId`'s membership of `companyId` (roles, active): the user is a member there (404
   * otherwise: another garage's account does not exist for this admin), and every role they hold in ANY garage is
   * one the caller could grant in this one, so a centre admin never acts on a franchisor's or a super admin's
   * account, even one slipped into its garage.
   */
  async function assertManageable(request: FastifyRequest, companyId: number, userId: number): Promise<void> {
    const held = await app.db
      .select({ companyId: memberships.companyId, roles: memberships.roles })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    if (!held.some((membership) => membership.companyId === companyId)) throw notFound(USER_NOT_FOUND);
    const grantable: string[] = grantableRoles(rolesIn(request, companyId));
    if (!held.every((membership) => membership.roles.every((role) => grantable.includes(role)))) {
      throw forbidden(USER_ROLE_FORBIDDEN);
    }
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
      const ids = await userIdsPage(app.db, scope, request.query);
      const data = await userRows(
        app.db,
        ids.data.map((row) => row.id),
        scope,
        request.auth.selectedCompanyId,
      );
      return { data, totalRecords: ids.totalRecords };
    },
  );

  app.post(
    '/api/users/new/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'id 0: invites an e-mail into the selected garage (202; its owner accepts through the e-mailed link; the same answer whatever the address); id > 0: sets their roles there. Only roles the caller may grant.',
        params: userIdParams,
        body: garageUserBodySchema,
        response: { 200: garageUserRowSchema, 202: invitationSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedCompanyToAdminister(request, 'users');
      const grantable: string[] = grantableRoles(rolesIn(request, companyId));
      const { id } = request.params;
      const body = request.body;

      if (id > 0) {
        if (id === request.auth.userId) throw invalid(SELF_ROLES_MESSAGE);
        await assertManageable(request, companyId, id);
        if (body.roles.some((role) => !grantable.includes(role))) throw forbidden(USER_ROLE_FORBIDDEN);
        await app.db
          .update(memberships)
          .set({ roles: [...new Set(body.roles)] })
          .where(and(eq(memberships.userId, id), eq(memberships.companyId, companyId)));
        const [row] = await userRows(app.db, [id], [companyId], companyId);
        if (!row) throw notFound(USER_NOT_FOUND);
        return row;
      }

      if (!body.firstname || !body.name || !body.email) throw invalid(INVITE_FIELDS_MESSAGE);
      const notGrantable = body.roles.find((role) => !grantable.includes(role));
      if (notGrantable) throw forbidden(`${USER_ROLE_FORBIDDEN} : ${ROLE_LABELS[notGrantable as Role]}`);
      const origin = linkOrigin(request);
      const sent = await invite(app.db, {
        companyId,
        invitedBy: request.auth.userId,
        email: body.email,
        firstname: body.firstname,
        name: body.name,
        roles: body.roles,
        link: (token) => `${origin}/invitation/${token}`,
      });
      return reply.code(202).send(sent);
    },
  );

  app.get(
    '/api/users/invitations',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Pending invitations of the selected garage (all of the caller’s for TOUT); shared paging',
        querystring: pagingQuerySchema,
        response: { 200: pendingInvitationListSchema, ...errors },
      },
    },
    async (request) => listPendingInvitations(app.db, managed(request), request.query),
  );

  app.delete(
    '/api/users/invitations/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Cancels a pending invitation of the caller’s garages: its link stops working at once',
        params: idParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelInvitation(app.db, managed(request), request.params.id);
      return reply.code(204).send();
    },
  );

  /**
   * (De)activates the user's membership of the selected garage, and nothing else: their other garages keep them.
   * When the last active membership goes, their sessions end at once (they could no longer sign in anyway).
   */
  const setActive = async (request: FastifyRequest, id: number, active: boolean) => {
    const companyId = selectedCompanyToAdminister(request, 'users');
    if (id === request.auth.userId) throw invalid(USER_SELF_DEACTIVATE);
    await assertManageable(request, companyId, id);
    await app.db.transaction(async (tx) => {
      await tx
        .update(memberships)
        .set({ active })
        .where(and(eq(memberships.userId, id), eq(memberships.companyId, companyId)));
      if (active) return;
      const [still] = await tx
        .select({ companyId: memberships.companyId })
        .from(memberships)
        .where(and(eq(memberships.userId, id), eq(memberships.active, true)))
        .limit(1);
      if (!still) await revokeUserSessions(tx, id);
    });
    const [row] = await userRows(app.db, [id], [companyId], companyId);
    if (!row) throw notFound(USER_NOT_FOUND);
    return row;
  };

  app.post(
    '/api/users/:id/deactivate',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'Deactivates a user in the selected garage only (their other garages keep them); with no active garage left, sign-in is refused and their sessions end at once',
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
        summary: 'Reactivates a user in the selected garage',
        params: idParamsSchema,
        response: { 200: garageUserRowSchema, ...errors },
      },
    },
    async (request) => setActive(request, request.params.id, true),
  );
};
