import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationLinkModule } from './invitation-routes';
import { companyProfileModule } from './profile-routes';
import { techniciansModule } from './technician-routes';
import { garageUsersModule } from './users-routes';

/**
 * "My garage" (issue 11): company profile, users, fitters. The hourly rate (`POST /api/company/{id}/fees`,
 * sidexa module) and the "connu par" list (folders/known-by-routes) are reused as they are.
 */
export const garageAdminModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(companyProfileModule);
  await app.register(garageUsersModule);
  await app.register(invitationLinkModule);
  await app.register(techniciansModule);
};
