import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationLinkRoutes } from './invitation-routes';
import { companyProfileRoutes } from './profile-routes';
import { techniciansRoutes } from './technician-routes';
import { garageUsersRoutes } from './users-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = ['/api/company/:companyId/profile', '/api/users', '/api/invitation', '/api/technician'];

/**
 * « Mon garage »: the company profile, its users and their invitations, its fitters. The hourly rate
 * (`POST /api/company/{id}/fees`, sidexa module) and the « connu par » list (folders module) are reused as they are.
 */
export const garageAdminModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(companyProfileRoutes);
  await app.register(garageUsersRoutes);
  await app.register(invitationLinkRoutes);
  await app.register(techniciansRoutes);
};
