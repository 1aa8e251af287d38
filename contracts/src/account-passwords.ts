import { z } from 'zod';
import { CENTRE_MESSAGES, PASSWORD_MIN_LENGTH } from './franchise';

/*
 * Choosing a password through an e-mailed link: « Mot de passe oublié ? » (a reset link, 30 minutes,
 * one use) and the activation of an account created without a password (a new network's first administrator).
 * Both pages draw the same form, typed twice, checked here for the browser and the server alike.
 */

/** A reset link works 30 minutes (OWASP's forgot-password cheat sheet: short-lived, single use). */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const PASSWORD_RESET_MAIL_SUBJECT = 'Réinitialisation de votre mot de passe';
export const PASSWORD_CHANGED_MAIL_SUBJECT = 'Votre mot de passe a été modifié';

/**
 * The one answer to a reset request, whether the address has an account, a deactivated one or none: the page
 * never tells a stranger which addresses are customers of the product.
 */
export const PASSWORD_RESET_REQUESTED =
  'Si un compte actif correspond à cette adresse, un e-mail vient de lui être envoyé avec un lien pour choisir un nouveau mot de passe. Ce lien est valable 30 minutes et ne sert qu’une fois.';
export const PASSWORD_RESET_RATE_LIMIT = 'Trop de demandes de réinitialisation : réessayez dans quelques minutes.';
export const PASSWORD_RESET_INVALID = 'Ce lien de réinitialisation est invalide.';
export const PASSWORD_RESET_EXPIRED = 'Ce lien de réinitialisation a expiré : il n’est valable que 30 minutes.';
export const PASSWORD_RESET_USED =
  'Ce lien de réinitialisation a déjà servi, ou un autre lien a servi depuis : il ne fonctionne plus.';
export const PASSWORD_RESET_DONE =
  'Mot de passe modifié : vos sessions ouvertes ont été fermées, connectez-vous avec le nouveau mot de passe';
/** The activation of an account without a password cannot happen before one is chosen. */
export const ACTIVATION_PASSWORD_REQUIRED = 'Choisissez le mot de passe du compte pour l’activer';

const EMAIL_INVALID = 'Adresse e-mail invalide';

/** `POST /api/password-reset`: the address typed on « Mot de passe oublié ? ». */
export const passwordResetRequestBodySchema = z.object({
  email: z
    .string({ message: 'L’adresse e-mail est obligatoire' })
    .trim()
    .toLowerCase()
    .max(200, { message: '200 caractères au plus' })
    .email({ message: EMAIL_INVALID }),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** 202: always `PASSWORD_RESET_REQUESTED`. */
export const passwordResetRequestedSchema = z.object({ message: z.string() });

export const passwordResetParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** `GET /api/password-reset/{token}`: the account of a usable link (its holder received it at that address). */
export const passwordResetInfoSchema = z.object({
  email: z.string(),
  /** ISO date-time. */
  expiresAt: z.string(),
});
export type PasswordResetInfo = z.infer<typeof passwordResetInfoSchema>;

/** A new password, typed twice: the reset link's and the first administrator's activation. */
export const newPasswordBodySchema = z
  .object({
    password: z
      .string({ message: CENTRE_MESSAGES.passwordRequired })
      .min(1, { message: CENTRE_MESSAGES.passwordRequired })
      .min(PASSWORD_MIN_LENGTH, { message: CENTRE_MESSAGES.passwordTooShort })
      .max(200, { message: '200 caractères au plus' }),
    confirmation: z.string({ message: CENTRE_MESSAGES.passwordMismatch }).max(200),
  })
  .refine((body) => body.password === body.confirmation, {
    message: CENTRE_MESSAGES.passwordMismatch,
    path: ['confirmation'],
  });
export type NewPasswordBody = z.infer<typeof newPasswordBodySchema>;

/**
 * `POST /api/activation/{token}`: nothing for an account that has its password, the new password when the link
 * sets it (`setsPassword` of the link's information).
 */
export const activationBodySchema = newPasswordBodySchema.nullish();
