import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { twoFactorAccountModule } from './account-routes';
import { twoFactorAdminModule } from './admin-routes';
import { secondFactorLoginModule } from './login-routes';

/**
 * Two-factor sign-in (docs/decisions.md « Two-factor sign-in »), registered by the auth module:
 * the second step of a sign-in, the caller's own factor (« Mon compte »), a garage's policy and a super admin's reset.
 */
export const twoFactorModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(secondFactorLoginModule);
  await app.register(twoFactorAccountModule);
  await app.register(twoFactorAdminModule);
};
