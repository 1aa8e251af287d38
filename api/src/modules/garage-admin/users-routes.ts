import {
  garageUserBodySchema,
  garageUserListResponseSchema,
  garageUserRowSchema,
  grantableRoles,
  idParamsSchema,
  invitationSentSchema,
  pagingQuerySchema,
  pendingInvitationListSchema,
  ROLE_LABELS,
  type Role,
  USER_NOT_FOUND,
  USER_ROLE_FORBIDDEN,
  USER_SELF_DEACTIVATE,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, invalid, notFound } from '../../lib/domain-error';
import { linkOrigin } from '../../lib/link-origin';
import { cancelInvitation, invite, listPendingInvitations } from './invitations';
import { errors, rolesIn, selectedCompanyToAdminister } from './scope';
import { listGarageUsers, membershipsOf, setActiveIn, setRolesIn } from './users-repository';

const tags = ['users'];
const userIdParams = z.object({ id: z.coerce.number({ message: 'Identifiant invalide' }).int().min(0) });
export const SELF_ROLES_MESSAGE = 'Vous ne pouvez pas modifier vos propres rôles';
export const INVITE_FIELDS_MESSAGE = 'Prénom, nom et e-mail sont obligatoires pour inviter un utilisateur';

/** "Mes utilisateurs": the garage's accounts, invitations, roles, (de)activation. */
export const garageUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('users');

  /** The scope companies where the caller manages users. */
  const managed = (request: FastifyRequest) => request.auth.companyIds;

  /**
   * The caller may change `userId`'s membership of `companyId` (roles, active): the user is a member there (404
   * otherwise: another garage's account does not exist for this admin), and every role they hold in ANY garage is
   * one the caller could grant in this one, so a centre admin never acts on a franchisor's or a super admin's
   * account, even one slipped into its garage.
   */
  async function assertManageable(request: FastifyRequest, companyId: number, userId: number): Promise<void> {
    const held = await membershipsOf(app.db, userId);
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
      return listGarageUsers(app.db, managed(request), request.query, request.auth.selectedCompanyId);
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
        return setRolesIn(app.db, id, companyId, body.roles);
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

  /** (De)activates the user's membership of the selected garage (users-repository setActiveIn). */
  const setActive = async (request: FastifyRequest, id: number, active: boolean) => {
    const companyId = selectedCompanyToAdminister(request, 'users');
    if (id === request.auth.userId) throw invalid(USER_SELF_DEACTIVATE);
    await assertManageable(request, companyId, id);
    return setActiveIn(app.db, id, companyId, active);
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
