import { loginSessionSchema, recoveryCodesSchema, totpEnrolmentSchema, twoFactorStatusSchema } from 'contracts';
// The runtime alone: the login page calls these and must not pull the design system in.
import { request } from 'shared-ui/runtime';

/** The second step of a sign-in: the challenge `POST /api/login` answered, and a code or a recovery code. */
export const sendSecondFactor = (challenge: string, code: string) =>
  request('api/login/second-factor', loginSessionSchema, { method: 'post', json: { challenge, code } });

/** Where the « Double authentification » page reads the signed-in user's second factor. */
export const TWO_FACTOR_STATUS_PATH = 'api/account/two-factor';

export const getTwoFactorStatus = () => request(TWO_FACTOR_STATUS_PATH, twoFactorStatusSchema);

/** A new secret to scan, once the password is typed again (not active until `enableTwoFactor` confirms its first code). */
export const startTwoFactorSetup = (password: string) =>
  request('api/account/two-factor/setup', totpEnrolmentSchema, { method: 'post', json: { password } });

export const enableTwoFactor = (code: string) =>
  request('api/account/two-factor/enable', recoveryCodesSchema, { method: 'post', json: { code } });

export const disableTwoFactor = (code: string) =>
  request('api/account/two-factor/disable', twoFactorStatusSchema, { method: 'post', json: { code } });

export const renewRecoveryCodes = (code: string) =>
  request('api/account/two-factor/recovery-codes', recoveryCodesSchema, { method: 'post', json: { code } });
