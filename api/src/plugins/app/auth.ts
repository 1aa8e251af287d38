import { ALL_COMPANIES_ID, can, type Permission, SESSION_COOKIE } from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, invalid, unauthenticated } from '../../lib/domain-error';
import { type AuthContext, buildAuthContext, narrowToPermission } from '../../modules/auth/auth-context';
import {
  findAccessSession,
  loadMemberships,
  REFRESH_LIFETIME_MS,
  selectCompany,
  sessionLimits,
  touchSession,
} from '../../modules/auth/sessions';

export const SESSION_EXPIRED_MESSAGE = 'Session expirée, veuillez vous reconnecter';
export const FORBIDDEN_MESSAGE = 'Accès refusé';
export const COMPANY_FORBIDDEN_MESSAGE = 'Accès refusé à cette société';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the session cookie, and nothing else, authenticates; sets `request.auth`. */
    authenticate: preHandlerAsyncHookHandler;
    /**
     * preHandlers: authenticate, then `can(request.auth.roles, permission)` from contracts, else 403; the scope then
     * keeps only the garages where the caller holds `permission` (under TOUT, roles differ per garage).
     */
    requirePermission(permission: Permission): preHandlerAsyncHookHandler[];
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; only read it in routes that use it. */
    auth: AuthContext;
  }
}

/**
 * 403 unless `companyId` is one of the caller's companies (any of them, not only the selected one) and, behind
 * `requirePermission(P)`, one where they hold P themselves: the accountant of A who is CMD of B reaches B's folder
 * statuses and hourly rate, never A's through their CMD role.
 */
export function assertCompanyInScope(request: FastifyRequest, companyId: number): void {
  const membership = request.auth?.memberships.find((m) => m.companyId === companyId);
  const { permission } = request.auth ?? {};
  if (!membership || (permission && !can(membership.roles, permission))) {
    throw forbidden(COMPANY_FORBIDDEN_MESSAGE);
  }
}

/**
 * The one garage a creation or a one-garage page works in: the selected one, never TOUT (400 with `pickMessage`,
 * which names what needs a garage), and one of the caller's (403).
 */
export function selectedGarage(request: FastifyRequest, pickMessage: string): number {
  const companyId = request.auth.selectedCompanyId;
  if (companyId === ALL_COMPANIES_ID) throw invalid(pickMessage);
  assertCompanyInScope(request, companyId);
  return companyId;
}

/** A company id of a path as the companies it stands for: 0 (TOUT) the caller's whole scope, else that one (403). */
export function companiesAt(request: FastifyRequest, companyId: number): number[] {
  if (companyId === ALL_COMPANIES_ID) return request.auth.companyIds;
  assertCompanyInScope(request, companyId);
  return [companyId];
}

/**
 * The companies of the caller's scope where they hold `permission` themselves (the permission table, per garage):
 * under TOUT, a user who is accountant of garage A and fitter of garage B acts on A's payments only, where the union
 * of their roles would wrongly open B.
 */
export const companiesWith = (request: FastifyRequest, permission: Permission): number[] =>
  request.auth.companyIds.filter((companyId) => can(rolesIn(request, companyId), permission));

/**
 * One company the caller manages for `permission`: one of theirs (403), never TOUT (400 with `pickMessage`, which
 * names what the page edits), and with the permission held in THAT company (an admin of garage A who is a fitter
 * of garage B does not edit B).
 */
export function companyToManage(
  request: FastifyRequest,
  companyId: number,
  permission: Permission,
  pickMessage: string,
): number {
  if (companyId === ALL_COMPANIES_ID) throw invalid(pickMessage);
  assertCompanyInScope(request, companyId);
  if (!can(rolesIn(request, companyId), permission)) throw forbidden(FORBIDDEN_MESSAGE);
  return companyId;
}

/** Who asks and over which companies: what the scoped queries of folders, calendar, docs and catalogue take. */
export const userScope = (request: FastifyRequest) => ({
  userId: request.auth.userId,
  companyIds: request.auth.companyIds,
});

/** The caller's roles in one company (not the union over the scope). */
export const rolesIn = (request: FastifyRequest, companyId: number): string[] =>
  request.auth.memberships.find((m) => m.companyId === companyId)?.roles ?? [];

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: Math.floor(REFRESH_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    const limits = sessionLimits(app.config);

    const authenticate: preHandlerAsyncHookHandler = async (request) => {
      // Deliberately no Authorization header: the display JWT must never work as a credential.
      const token = request.cookies[SESSION_COOKIE];
      if (!token) throw unauthenticated(SESSION_EXPIRED_MESSAGE);
      const session = await findAccessSession(app.db, token, limits);
      if (!session) throw unauthenticated(SESSION_EXPIRED_MESSAGE);
      const memberships = await loadMemberships(app.db, session.userId);
      const [first] = memberships;
      if (!first) throw unauthenticated(SESSION_EXPIRED_MESSAGE);
      // The selected garage deactivated this user: the session moves to TOUT (several garages left: nothing is
      // created before one is picked) or to the one garage left, and this request is refused as expired so that
      // the shell refreshes its display token and shows where the user now is.
      if (
        session.selectedCompanyId !== ALL_COMPANIES_ID &&
        !memberships.some((m) => m.companyId === session.selectedCompanyId)
      ) {
        await selectCompany(app.db, session.id, memberships.length > 1 ? ALL_COMPANIES_ID : first.companyId);
        throw unauthenticated(SESSION_EXPIRED_MESSAGE);
      }
      // A request, so the session is not idle (the idle timeout counts from the last one).
      await touchSession(app.db, session);
      request.auth = buildAuthContext(session, memberships);
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requirePermission', (permission: Permission) => [
      authenticate,
      async (request: FastifyRequest) => {
        if (!can(request.auth.roles, permission)) throw forbidden(FORBIDDEN_MESSAGE);
        request.auth = narrowToPermission(request.auth, permission);
      },
    ]);
  },
  { name: 'auth', dependencies: ['cookie'] },
);
