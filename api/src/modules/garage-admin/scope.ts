import { GARAGE_ADMIN_PICK_GARAGE, type Permission } from 'contracts';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../lib/route-errors';
import { companyToManage, rolesIn } from '../../plugins/app/auth';

export const errors = errorResponses(400, 401, 403, 404, 409);

export { rolesIn };

/**
 * A company the caller administers for `permission`: one of theirs (403 otherwise), never TOUT (400), and
 * with the permission held in THAT company (a fitter of garage B who admins garage A does not edit B).
 */
export const companyToAdminister = (request: FastifyRequest, companyId: number, permission: Permission): number =>
  companyToManage(request, companyId, permission, GARAGE_ADMIN_PICK_GARAGE);

/** The selected garage, administered for `permission` (creation needs one; TOUT is refused in French). */
export const selectedCompanyToAdminister = (request: FastifyRequest, permission: Permission): number =>
  companyToAdminister(request, request.auth.selectedCompanyId, permission);
