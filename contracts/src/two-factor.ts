import { z } from 'zod';
import { ROLES } from './roles';
import { sessionResponseSchema } from './session';

/*
 * Two-factor sign-in (RFC 6238 TOTP, OWASP ASVS 5.0 V6 level 2). After a right password the login
 * answers either the session as before, or a challenge: a code of the authenticator app ('verify'), or, for an
 * account its garage requires a factor of and that has none yet, an enrolment first ('enrol'). The challenge's token
 * travels in the answer, lives 5 minutes and allows a few wrong codes; `POST /api/login/second-factor` then opens the
 * session. « Mon compte » > « Double authentification » turns it on and off; a garage's admin (or its network's
 * head) chooses the roles that must use it; a super admin removes a lost one.
 */

/** The roles a new garage requires a second factor of (the database default of `companies.mfa_required_roles`). */
export const MFA_DEFAULT_ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_FRANCHISEUR',
  'ROLE_POSEUR_ADMIN',
  'ROLE_COMPTABLE',
] as const;
/** Six digits, a new one every 30 seconds (what every authenticator app shows by default). */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_CODE_WRONG = 'Code incorrect';
export const TWO_FACTOR_CODE_USED = 'Ce code a déjà servi : attendez le suivant';
export const TWO_FACTOR_CHALLENGE_GONE = 'Délai dépassé : reconnectez-vous avec votre mot de passe';
export const TWO_FACTOR_TOO_MANY = 'Trop de codes erronés : reconnectez-vous avec votre mot de passe';
export const TWO_FACTOR_ALREADY_ON = 'La double authentification est déjà activée';
export const TWO_FACTOR_NOT_ON = 'La double authentification n’est pas activée';
export const TWO_FACTOR_NO_SETUP = 'Commencez par afficher le QR code à scanner';
export const TWO_FACTOR_ENABLED = 'Double authentification activée';
export const TWO_FACTOR_DISABLED = 'Double authentification désactivée';
export const TWO_FACTOR_RESET_DONE = 'Double authentification réinitialisée : l’utilisateur la configurera de nouveau';
export const TWO_FACTOR_POLICY_SAVED = 'Rôles soumis à la double authentification enregistrés';
export const TWO_FACTOR_RATE_LIMIT = 'Trop de tentatives, réessayez dans une minute.';

/** A code as typed: six digits (spaces allowed, « 123 456 »), or a recovery code (« K7QF9-XMA2L »). */
const typedCode = z
  .string({ message: 'Saisissez le code' })
  .trim()
  .min(1, { message: 'Saisissez le code' })
  .max(40, { message: TWO_FACTOR_CODE_WRONG });

// ---------------------------------------------------------------- sign-in

export const TWO_FACTOR_PASSWORD_WRONG = 'Mot de passe incorrect';

/**
 * `POST /api/account/two-factor/setup`: the account's password typed again. Changing how an account signs in asks
 * for a fresh proof of who is at the keyboard, not only an open session (OWASP ASVS 5.0 V7.5.1).
 */
export const twoFactorSetupBodySchema = z.object({
  password: z
    .string({ message: 'Saisissez votre mot de passe' })
    .min(1, { message: 'Saisissez votre mot de passe' })
    .max(200, { message: TWO_FACTOR_PASSWORD_WRONG }),
});
export type TwoFactorSetupBody = z.infer<typeof twoFactorSetupBodySchema>;

/** The secret to type and the QR code to scan, to add the account to an authenticator app. */
export const totpEnrolmentSchema = z.object({
  /** Base32, shown in groups of four for typing. */
  secret: z.string(),
  /** `otpauth://totp/…`: what the QR code holds. */
  otpauthUri: z.string(),
  /** `data:image/svg+xml;base64,…`: the QR code drawn on the server (no QR library in the browser). */
  qrCode: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const loginSessionSchema = sessionResponseSchema.extend({
  step: z.literal('session'),
  /** Shown once, after an enrolment: the ten single-use codes for a lost phone. */
  recoveryCodes: z.array(z.string()).optional(),
  /** After signing in with a recovery code: how many are left. */
  recoveryCodesLeft: z.number().int().optional(),
});
export type LoginSession = z.infer<typeof loginSessionSchema>;

const challengeFields = {
  /** Sent back with the code; only its hash is kept on the server. */
  challenge: z.string(),
  /** ISO date-time: 5 minutes after the password. */
  expiresAt: z.string(),
};
export const loginVerifySchema = z.object({ step: z.literal('verify'), ...challengeFields });
export const loginEnrolSchema = z.object({
  step: z.literal('enrol'),
  ...challengeFields,
  ...totpEnrolmentSchema.shape,
});
export type LoginEnrol = z.infer<typeof loginEnrolSchema>;

/** `POST /api/login`: the session, or the second step still to come. */
export const loginResponseSchema = z.discriminatedUnion('step', [
  loginSessionSchema,
  loginVerifySchema,
  loginEnrolSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /api/login/second-factor`. */
export const secondFactorBodySchema = z.object({
  challenge: z.string().min(1).max(200),
  code: typedCode,
});
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

// ---------------------------------------------------------------- « Mon compte »

/** `GET /api/account/two-factor`. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** ISO date-time, when enabled. */
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** One of the caller's garages requires it of one of their roles: turning it off means enrolling again at sign-in. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /api/account/two-factor/enable`, `/disable`, `/recovery-codes`: a current code proves the factor. */
export const twoFactorCodeBodySchema = z.object({ code: typedCode });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

// ---------------------------------------------------------------- a garage's policy, a super admin's reset

export const mfaPolicySchema = z.object({
  companyId: z.number().int(),
  /** The roles whose holders in this garage must sign in with a second factor. */
  roles: z.array(z.enum(ROLES)),
});
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;
export const mfaPolicyBodySchema = z.object({
  roles: z.array(z.enum(ROLES, { message: 'Rôle inconnu' }), { message: 'Choisissez les rôles' }).max(ROLES.length),
});
export type MfaPolicyBody = z.infer<typeof mfaPolicyBodySchema>;

/** The recovery codes as a text file to keep (the download beside the list). */
export const recoveryCodesText = (codes: readonly string[], email: string): string =>
  [
    `Codes de secours GarageOffice — ${email}`,
    'Chaque code ne sert qu’une fois, à la place du code de l’application, si vous perdez votre téléphone.',
    '',
    ...codes,
    '',
  ].join('\n');
