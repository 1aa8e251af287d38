import type { FastifyPluginAsync } from 'fastify';
import { passwordResetRoutes } from './password-reset-routes';
import { authRoutes } from './routes';
import { twoFactorAccountRoutes } from './two-factor/account-routes';
import { twoFactorAdminRoutes } from './two-factor/admin-routes';
import { secondFactorLoginRoutes } from './two-factor/login-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = [
  '/api/login',
  '/api/logout',
  '/api/token/refresh',
  '/api/password-reset',
  '/api/account',
  '/api/company/:companyId/mfa-policy',
  '/api/users/:id/two-factor',
];

/** Sign-in (password, then the second factor), sessions, « Mot de passe oublié ? », each account's second factor and a garage's second-factor policy. */
export const authModule: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(secondFactorLoginRoutes);
  await app.register(twoFactorAccountRoutes);
  await app.register(twoFactorAdminRoutes);
};
