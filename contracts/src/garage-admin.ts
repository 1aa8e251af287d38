import { z } from 'zod';
import { REGISTRY_KINDS } from './billing-mentions';
import { einvoicingAddressSchema, isValidSiret, SIRET_INVALID, VAT_INVALID, vatMatchesSiret } from './company-ids';
import { parseEuros } from './money';
import { pagedResponseSchema } from './paging';
import { PHONE_MESSAGE, PHONE_PATTERN } from './phone';
import { POSTAL_CODE_INVALID, POSTAL_CODE_PATTERN } from './postal-code';
import { ROLES, type Role } from './roles';
import { VAT_FILING_INVALID, VAT_FILINGS } from './vat-filing';

/*
 * "My garage" pages of mf_franchise: the garage's identity and invoice mentions (/company), its users
 * (/users) and its fitters (/technician/list, /technician/new/{id}). Hourly rate and "connu par" reuse
 * `companyFeesBodySchema` (sidexa.ts) and `knownBy*` (folders.ts).
 */

export const GARAGE_ADMIN_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche';
export const COMPANY_PROFILE_SAVED = 'Informations de la société enregistrées';
export const COMPANY_PROFILE_NOT_FOUND = 'Société introuvable';
export const IBAN_INVALID = 'IBAN invalide : clé de contrôle incorrecte';
export const EMAIL_INVALID = 'Adresse e-mail invalide';

// ---------------------------------------------------------------- IBAN

const ibanDigits = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** ISO 13616: country, two check digits, up to 30 letters/digits; the number read mod 97 must be 1. */
export function isValidIban(value: string): boolean {
  const iban = ibanDigits(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('FR') && iban.length !== 27) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** FR76 3000 6000 0112 3456 7890 189: groups of four, as printed on invoices. */
export const formatIban = (value: string): string =>
  ibanDigits(value)
    .replace(/(.{4})/g, '$1 ')
    .trim();

// ---------------------------------------------------------------- company profile

export const LEGAL_FORMS = ['EI', 'EURL', 'SARL', 'SAS', 'SASU', 'SA', 'SNC', 'SCOP'] as const;

export const companyProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tradeName: z.string().nullable(),
  siret: z.string().nullable(),
  tvaNumber: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  legalForm: z.string().nullable(),
  /** Cents. */
  shareCapital: z.number().int().nullable(),
  registryKind: z.enum(REGISTRY_KINDS).nullable(),
  registryPlace: z.string().nullable(),
  vatExemption: z.string().nullable(),
  iban: z.string().nullable(),
  vatOnDebits: z.boolean(),
  /** How the garage files its VAT: sets how often its e-reporting leaves. */
  vatFiling: z.enum(VAT_FILINGS),
  /** Where the garage receives e-invoices; '' = « 0225: » and its SIREN. */
  einvoicingAddress: z.string(),
  /** % per year; null = the legal minimum. */
  latePenaltyRate: z.number().nullable(),
  /** The month (1–12) the fiscal year starts: yearly closings, archives and the FEC follow it. */
  fiscalYearStartMonth: z.number().int(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;
export const FISCAL_YEAR_MONTH_INVALID = 'Choisissez le mois où commence l’exercice comptable';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${max} caractères au plus` })
    .nullish()
    .transform((value) => value || null);

export const companyProfileBodySchema = z
  .object({
    name: z
      .string({ message: 'Le nom de la société est obligatoire' })
      .trim()
      .min(1, { message: 'Le nom de la société est obligatoire' })
      .max(120, { message: '120 caractères au plus' }),
    tradeName: text(120),
    siret: text(20)
      .transform((value) => value?.replace(/[\s.]/g, '') ?? null)
      .refine((value) => value === null || isValidSiret(value), { message: SIRET_INVALID }),
    tvaNumber: text(20).transform((value) => value?.replace(/\s/g, '').toUpperCase() ?? null),
    phone: text(20)
      .transform((value) => value?.replace(/[\s.]/g, '') ?? null)
      .refine((value) => value === null || PHONE_PATTERN.test(value), { message: PHONE_MESSAGE }),
    email: text(200).refine((value) => value === null || z.email().safeParse(value).success, {
      message: EMAIL_INVALID,
    }),
    address: text(200),
    postalCode: text(5).refine((value) => value === null || POSTAL_CODE_PATTERN.test(value), {
      message: POSTAL_CODE_INVALID,
    }),
    city: text(80),
    legalForm: z
      .enum(LEGAL_FORMS, { message: 'Forme juridique inconnue' })
      .nullish()
      .transform((value) => value ?? null),
    /** Euros as typed ("10 000", "7500,50") or a number; stored in cents. */
    shareCapital: z
      .union([z.number(), z.string()], { message: 'Capital social invalide' })
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || String(value).trim() === '') return null;
        const cents = parseEuros(String(value).replace(/\s/g, ''));
        if (cents === undefined || cents < 0 || cents > 100_000_000_000) {
          ctx.addIssue({ code: 'custom', message: 'Capital social invalide' });
          return z.NEVER;
        }
        return cents;
      }),
    registryKind: z
      .enum(REGISTRY_KINDS, { message: 'Registre inconnu : RCS ou RM' })
      .nullish()
      .transform((value) => value ?? null),
    /** The city of the registry (RCS) or the département (RM), without the number: the SIREN follows it. */
    registryPlace: text(80),
    vatExemption: text(200),
    iban: text(42)
      .transform((value) => (value ? ibanDigits(value) : null))
      .refine((value) => value === null || isValidIban(value), { message: IBAN_INVALID }),
    vatOnDebits: z.boolean().default(false),
    // Absent: unchanged (a client that does not know it never resets it).
    vatFiling: z.enum(VAT_FILINGS, { message: VAT_FILING_INVALID }).optional(),
    einvoicingAddress: einvoicingAddressSchema,
    fiscalYearStartMonth: z
      .number({ message: FISCAL_YEAR_MONTH_INVALID })
      .int({ message: FISCAL_YEAR_MONTH_INVALID })
      .min(1, { message: FISCAL_YEAR_MONTH_INVALID })
      .max(12, { message: FISCAL_YEAR_MONTH_INVALID })
      // Absent: unchanged (a client that does not know it never resets it).
      .optional(),
    latePenaltyRate: z
      .union([z.number(), z.string()], { message: 'Taux de pénalités invalide' })
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || String(value).trim() === '') return null;
        const rate = Number(String(value).replace(',', '.'));
        if (!Number.isFinite(rate) || rate < 0 || rate > 100) {
          ctx.addIssue({ code: 'custom', message: 'Taux de pénalités invalide (0 à 100 %)' });
          return z.NEVER;
        }
        return Math.round(rate * 100) / 100;
      }),
  })
  .superRefine((body, ctx) => {
    // The VAT number printed on every invoice must be the SIREN's own.
    if (
      body.tvaNumber &&
      body.siret &&
      body.tvaNumber.startsWith('FR') &&
      !vatMatchesSiret(body.tvaNumber, body.siret)
    ) {
      ctx.addIssue({ code: 'custom', path: ['tvaNumber'], message: VAT_INVALID });
    }
    if (body.registryKind && !body.registryPlace) {
      ctx.addIssue({ code: 'custom', path: ['registryPlace'], message: REGISTRY_PLACE_REQUIRED });
    }
  });
export const REGISTRY_PLACE_REQUIRED = 'Indiquez la ville du greffe (RCS) ou le département (RM)';
export type CompanyProfileBody = z.input<typeof companyProfileBodySchema>;

// ---------------------------------------------------------------- users of the garage

export const USER_COLUMNS = ['name', 'email', 'active'] as const;
export const USER_NOT_FOUND = 'Utilisateur introuvable dans ce garage';
export const USER_SAVED = 'Utilisateur enregistré';
export const USER_ROLE_FORBIDDEN = 'Vous ne pouvez pas attribuer ou retirer ce rôle';
export const USER_SELF_DEACTIVATE = 'Vous ne pouvez pas désactiver votre propre compte';
export const USER_DEACTIVATED = 'Utilisateur désactivé';
export const USER_ACTIVATED = 'Utilisateur réactivé';
export const USER_LIST_ERROR = 'Erreur lors du chargement des utilisateurs';
export const ACCOUNT_DISABLED_MESSAGE = 'Ce compte est désactivé';

/**
 * Which roles a role may give (or take away) in its garage. A centre admin never makes a super admin or a
 * franchisor; a franchisor never makes a super admin. One may also pass on a role one holds oneself.
 */
export const GRANTABLE_ROLES: Record<Role, readonly Role[]> = {
  ROLE_SUPER_ADMIN: ROLES,
  ROLE_FRANCHISEUR: ROLES.filter((role) => role !== 'ROLE_SUPER_ADMIN'),
  ROLE_POSEUR_ADMIN: ROLES.filter((role) => role !== 'ROLE_SUPER_ADMIN' && role !== 'ROLE_FRANCHISEUR'),
  ROLE_POSEUR: [],
  ROLE_CMD: [],
  ROLE_SERVICE_CLIENT: [],
  ROLE_SERVICE_CLIENT_LIMIT: [],
  ROLE_COMMERCIAL_GARAGE: [],
  ROLE_COMPTABLE: [],
};

/** The roles a holder of `granterRoles` (in one garage) may grant there. */
export function grantableRoles(granterRoles: readonly string[]): Role[] {
  const held = new Set<string>(granterRoles);
  const grantable = new Set<Role>();
  for (const role of ROLES) {
    if (!held.has(role)) continue;
    // Holding a role passes it on only for the admin roles (a fitter does not manage users anyway).
    if (GRANTABLE_ROLES[role].length > 0) grantable.add(role);
    for (const given of GRANTABLE_ROLES[role]) grantable.add(given);
  }
  return ROLES.filter((role) => grantable.has(role));
}

export const garageUserRowSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  name: z.string(),
  email: z.string(),
  /** Active in the selected garage (under TOUT: in at least one garage of the scope, see `companies`). */
  active: z.boolean(),
  /** Roles in the selected garage (under TOUT: every garage of the scope, see `companies`). */
  roles: z.array(z.string()),
  companies: z.array(
    z.object({ id: z.number().int(), name: z.string(), roles: z.array(z.string()), active: z.boolean() }),
  ),
  /** Signs in with a second factor (TOTP): a super admin may reset it when the phone is lost. */
  twoFactor: z.boolean(),
});
export type GarageUserRow = z.infer<typeof garageUserRowSchema>;
export const garageUserListResponseSchema = pagedResponseSchema(garageUserRowSchema);

const personName = (label: string) =>
  z
    .string({ message: `Le champ ${label} est obligatoire` })
    .trim()
    .min(1, { message: `Le champ ${label} est obligatoire` })
    .max(80, { message: '80 caractères au plus' });

/** `POST /api/users/new/{id}`: id 0 invites (all fields), id > 0 changes the roles in the selected garage. */
export const garageUserBodySchema = z.object({
  firstname: personName('Prénom').optional(),
  name: personName('Nom').optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => z.email().safeParse(value).success, { message: EMAIL_INVALID })
    .optional(),
  roles: z
    .array(z.enum(ROLES, { message: 'Rôle inconnu' }), { message: 'Choisissez au moins un rôle' })
    .min(1, { message: 'Choisissez au moins un rôle' }),
});
export type GarageUserBody = z.input<typeof garageUserBodySchema>;

// ---------------------------------------------------------------- fitters

export const TECHNICIAN_SKILLS = [
  'Pare-brise',
  'Vitrage latéral',
  'Lunette arrière',
  'Calibrage ADAS',
  'Réparation d’impact',
  'Toit panoramique',
] as const;
export const TECHNICIAN_COLUMNS = ['name', 'phone', 'email', 'mobile', 'skills', 'color', 'active'] as const;
export const TECHNICIAN_NOT_FOUND = 'Poseur introuvable';
export const TECHNICIAN_SAVED = 'Poseur enregistré';
export const TECHNICIAN_LIST_ERROR = 'Erreur lors du chargement des poseurs';
export const TECHNICIAN_USER_INVALID = 'Ce compte n’est pas un poseur de ce garage';
export const DEFAULT_TECHNICIAN_COLOR = '#1e7b34';

export const technicianSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.boolean(),
  color: z.string(),
  skills: z.array(z.string()),
  active: z.boolean(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  companyName: z.string(),
});
export type Technician = z.infer<typeof technicianSchema>;
export const technicianListResponseSchema = pagedResponseSchema(technicianSchema);

/** `GET /api/technician/new/{id}`: the fitter (null for 0) and the garage's accounts holding ROLE_POSEUR. */
export const technicianFormResponseSchema = z.object({
  technician: technicianSchema.nullable(),
  accounts: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TechnicianFormResponse = z.infer<typeof technicianFormResponseSchema>;

export const technicianBodySchema = z.object({
  name: z
    .string({ message: 'Le nom du poseur est obligatoire' })
    .trim()
    .min(1, { message: 'Le nom du poseur est obligatoire' })
    .max(120, { message: '120 caractères au plus' }),
  phone: text(20)
    .transform((value) => value?.replace(/[\s.]/g, '') ?? null)
    .refine((value) => value === null || PHONE_PATTERN.test(value), { message: PHONE_MESSAGE }),
  email: text(200).refine((value) => value === null || z.email().safeParse(value).success, {
    message: EMAIL_INVALID,
  }),
  mobile: z.boolean().default(false),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Couleur invalide (#RRGGBB)' })
    .transform((value) => value.toLowerCase())
    .default(DEFAULT_TECHNICIAN_COLOR),
  skills: z
    .array(z.enum(TECHNICIAN_SKILLS, { message: 'Compétence inconnue' }))
    .default([])
    .transform((skills) => [...new Set(skills)]),
  active: z.boolean().default(true),
  userId: z
    .number()
    .int()
    .min(1)
    .nullish()
    .transform((value) => value ?? null),
});
export type TechnicianBody = z.input<typeof technicianBodySchema>;
