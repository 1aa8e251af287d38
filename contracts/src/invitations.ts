import { z } from 'zod';
import { CENTRE_MESSAGES } from './franchise';
import { pagedResponseSchema } from './paging';

/*
 * Invitations into a garage ("Mes utilisateurs" > "Inviter un utilisateur"). Nobody is attached to a
 * garage behind their back: the owner of the address accepts through the e-mailed link, an existing account with
 * its own password. The invitation's answer is built from what the admin typed only, and is the same whether the
 * address already has an account, belongs to the garage, or is unknown.
 */

export const INVITATION_TTL_DAYS = 7;
export const INVITATION_MAIL_SUBJECT = 'Invitation à rejoindre un garage';
export const USER_INVITED =
  'Invitation envoyée : la personne rejoindra le garage en acceptant le lien reçu par e-mail (valable 7 jours)';
export const INVITATION_CANCELLED = 'Invitation annulée';
export const INVITATION_NOT_FOUND = 'Invitation introuvable dans ce garage';
export const INVITATION_INVALID = 'Lien d’invitation invalide';
export const INVITATION_EXPIRED = 'Cette invitation a expiré : demandez au garage de vous inviter à nouveau';
export const INVITATION_CLOSED = 'Cette invitation a déjà été acceptée ou annulée';
export const INVITATION_ACCEPTED = 'Invitation acceptée : vous pouvez vous connecter';
export const INVITATION_WRONG_PASSWORD = 'Mot de passe incorrect';
export const INVITATION_ACCOUNT_APPEARED =
  'Un compte existe désormais pour cette adresse : rechargez la page et confirmez avec son mot de passe';
export const INVITATION_LIST_ERROR = 'Erreur lors du chargement des invitations';

/** `POST /api/users/new/0`: 202, the invitation as typed (never another account's data). */
export const invitationSentSchema = z.object({
  status: z.literal('pending'),
  email: z.string(),
  firstname: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  /** ISO date-time. */
  expiresAt: z.string(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** `GET /api/users/invitations`: the selected garage's pending invitations. */
export const INVITATION_COLUMNS = ['email', 'name', 'expiresAt'] as const;
export const pendingInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  companyName: z.string(),
  invitedBy: z.string().nullable(),
  /** ISO date-times. */
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationListSchema = pagedResponseSchema(pendingInvitationSchema);

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** `GET /api/invitation/{token}` (public, for the holder of the link). */
export const invitationInfoSchema = z.object({
  email: z.string(),
  firstname: z.string(),
  companyName: z.string(),
  roles: z.array(z.string()),
  /** The address already has an account: it accepts with its own password; otherwise it chooses one. */
  hasAccount: z.boolean(),
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** `POST /api/invitation/{token}`: the account's password (existing account) or the new one, typed twice. */
export const invitationAcceptBodySchema = z.object({
  password: z
    .string({ message: CENTRE_MESSAGES.passwordRequired })
    .min(1, { message: CENTRE_MESSAGES.passwordRequired })
    .max(200, { message: '200 caractères au plus' }),
  /** Only for a new account. */
  confirmation: z.string().max(200).optional(),
});
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBodySchema>;
