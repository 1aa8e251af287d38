import { z } from 'zod';
import { GARAGE_TYPES } from './company';
import { isValidSiret, SIRET_INVALID, VAT_INVALID, vatMatchesSiret } from './company-ids';
import { pagedResponseSchema } from './paging';
import { POSTAL_CODE_INVALID, POSTAL_CODE_PATTERN } from './postal-code';

/*
 * Centres of a franchise: the franchisor's list, the creation of a centre with its admin fitter,
 * and the activation link that admin receives by e-mail.
 */

/** Sortable/filterable columns of the centre list, in the order of the table. */
export const CENTRE_COLUMNS = [
  'centreName',
  'centrePhone',
  'centreSiret',
  'adminName',
  'adminEmail',
  'createdDate',
] as const;
export type CentreColumn = (typeof CENTRE_COLUMNS)[number];

export const CENTRE_LIST_ERROR = 'Erreur lors du chargement des centres';
export const CENTRE_CREATED =
  'Le centre et son poseur administrateur ont été créés. L’administrateur reçoit un e-mail pour activer son compte et choisir son mot de passe.';
export const CENTRE_CREATE_ERROR = 'Erreur lors de la création du centre';
export const FRANCHISE_NOT_FOUND = 'Franchise introuvable';
export const FRANCHISE_FORBIDDEN = 'Seul le franchiseur de cette franchise peut gérer ses centres';
export const CENTRE_EMAIL_TAKEN = 'Un compte existe déjà avec cet e-mail';
export const CENTRE_SIRET_TAKEN = 'Un centre existe déjà avec ce numéro de SIRET';
export const CENTRE_FRANCHISE_MISMATCH = 'Le centre doit appartenir à la franchise de la page';

// The spec's messages (section 5), ours where the spec has none or a wrong one, and French where it reads English.
export const CENTRE_MESSAGES = {
  nameRequired: 'Le champ Nom est obligatoire',
  emailRequired: 'L’e-mail est obligatoire',
  emailInvalid: 'E-mail invalide',
  phoneRequired: 'Le numero de téléphone est obligatoire',
  phoneInvalid: 'Le numéro de téléphone doit contenir 10 chiffres',
  siretRequired: 'Le numero de siret est obligatoire',
  tvaRequired: 'Le numéro de TVA est obligatoire',
  centreNameRequired: 'Le nom du centre est obligatoire',
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères',
  passwordRequired: 'Le mot de passe est obligatoire',
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  emailApiInvalid: 'E-mail API invalide',
  garageType: 'Type de garage inconnu (Fixe, Mobile ou Fixe et Mobile)',
  agreeTerms: 'Les conditions d’utilisation doivent être acceptées',
} as const;
const M = CENTRE_MESSAGES;

export const PASSWORD_MIN_LENGTH = 8;

/** A required text: missing, empty or blank all give the same French message. */
const required = (message: string, max = 120) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `${max} caractères au plus` });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${max} caractères au plus` })
    .optional()
    .nullable()
    .transform((value) => value || null);

const isEmail = (value: string) => z.email().safeParse(value).success;

export const centreCompanySchema = z
  .object({
    name: required(M.centreNameRequired),
    tradeName: optionalText(120),
    siret: z
      .string({ message: M.siretRequired })
      .transform((value) => value.replace(/[\s.]/g, ''))
      .pipe(z.string().min(1, { message: M.siretRequired }).refine(isValidSiret, { message: SIRET_INVALID })),
    phone: z
      .string({ message: M.phoneRequired })
      .transform((value) => value.replace(/[\s.]/g, ''))
      .pipe(
        z
          .string()
          .min(1, { message: M.phoneRequired })
          .regex(/^\d{10}$/, { message: M.phoneInvalid }),
      ),
    tvaNumber: z
      .string({ message: M.tvaRequired })
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().min(1, { message: M.tvaRequired }).max(20, { message: '20 caractères au plus' })),
    garageType: z.enum(GARAGE_TYPES, { message: M.garageType }).default('Fixe'),
    emailApi: optionalText(200).refine((value) => value === null || isEmail(value), { message: M.emailApiInvalid }),
    /** Not in the spec's payload: printed as the seller's on every invoice of the centre (CGI, art. 242 nonies A). */
    address: optionalText(200),
    postalCode: optionalText(5).refine((value) => value === null || POSTAL_CODE_PATTERN.test(value), {
      message: POSTAL_CODE_INVALID,
    }),
    city: optionalText(80),
    franchiseId: z.coerce.number().int().min(1),
    /** The franchisor creating the centre (informative: the server knows who calls). */
    franchiseurId: z.coerce.number().int().min(0).optional().nullable(),
  })
  .superRefine((company, ctx) => {
    // The VAT number must be the SIREN's: a typo would print the wrong company on every invoice of the centre.
    if (company.siret && company.tvaNumber && isValidSiret(company.siret)) {
      if (!vatMatchesSiret(company.tvaNumber, company.siret)) {
        ctx.addIssue({ code: 'custom', path: ['tvaNumber'], message: VAT_INVALID });
      }
    }
  });

/**
 * The centre creation payload (docs/product.md), shared by the form (`zodRule`) and the server. The spec's
 * `plainPassword` is no longer read: the admin chooses their own password from the activation mail, as nobody else
 * should know it (a password typed by the franchisor would also travel by word of mouth).
 */
export const centreBodySchema = z.object({
  firstname: optionalText(80).transform((value) => value ?? ''),
  name: required(M.nameRequired, 80),
  email: z
    .string({ message: M.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { message: M.emailRequired })
    .max(200, { message: '200 caractères au plus' })
    .refine((value) => value === '' || isEmail(value), { message: M.emailInvalid }),
  agreeTerms: z.literal(true, { message: M.agreeTerms }),
  company: centreCompanySchema,
});
export type CentreBody = z.input<typeof centreBodySchema>;
export type CentreInput = z.output<typeof centreBodySchema>;

export const centreCreatedSchema = z.object({ status: z.literal('success') });
export type CentreCreated = z.infer<typeof centreCreatedSchema>;

/** The API's 4xx answers here: the usual French `message`, and `detail` (the same text) as the spec reads it. */
export const centreErrorSchema = z.object({
  message: z.string(),
  detail: z.string().optional(),
  statusCode: z.number().int().optional(),
});

export const franchiseParamsSchema = z.object({
  franchiseId: z.coerce.number({ message: 'Identifiant de franchise invalide' }).int().min(1),
});

export const centreRowSchema = z.object({
  id: z.number().int(),
  centreName: z.string(),
  centrePhone: z.string().nullable(),
  centreSiret: z.string().nullable(),
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  /** ISO date-time of the centre's creation. */
  createdDate: z.string(),
});
export type CentreRow = z.infer<typeof centreRowSchema>;
export const centreListResponseSchema = pagedResponseSchema(centreRowSchema);

/* Activation of an account created for a centre's admin. */

export const ACTIVATION_INVALID = 'Lien d’activation invalide';
export const ACTIVATION_EXPIRED = 'Ce lien d’activation a expiré';
export const ACTIVATION_ALREADY_DONE = 'Ce compte est déjà activé';
export const ACTIVATION_DONE = 'Compte activé : vous pouvez vous connecter';
export const ACCOUNT_NOT_ACTIVATED = 'Activez votre compte avec le lien reçu par e-mail avant de vous connecter';
export const ACTIVATION_MAIL_SUBJECT = 'Activez votre compte';
/** An activation link works 72 hours. */
export const ACTIVATION_TTL_HOURS = 72;

export const activationParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const activationInfoSchema = z.object({
  email: z.string(),
  firstname: z.string(),
  /** The account has no password yet (a new network's first administrator): the page asks for one. */
  setsPassword: z.boolean(),
});
export type ActivationInfo = z.infer<typeof activationInfoSchema>;
