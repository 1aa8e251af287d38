import { ACTIVATION_TTL_HOURS, PERMISSIONS } from 'contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db';
import { companies, franchises, memberships, users } from '../../db/schema';
import { conflict } from '../../lib/domain-error';
import { unusablePasswordHash } from '../auth/password';
import { issueActivationToken } from './activation';
import { insertCompanyDefaults } from './company-defaults';

/** What the operator types: `pnpm admin:create --email … --network … [--firstname …] [--name …]`. */
export const firstAdministratorSchema = z.object({
  email: z
    .string({ message: 'Indiquez l’adresse e-mail de l’administrateur (--email)' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Adresse e-mail invalide (--email)' })),
  network: z
    .string({ message: 'Indiquez le nom du réseau ou du garage (--network)' })
    .trim()
    .min(2, { message: 'Le nom du réseau (--network) compte au moins 2 caractères' })
    .max(120, { message: 'Le nom du réseau (--network) compte 120 caractères au plus' }),
  firstname: z.string().trim().max(80).default(''),
  name: z.string().trim().max(80).default(''),
});
export type FirstAdministratorInput = z.output<typeof firstAdministratorSchema>;

/**
 * The roles of a network's first account: super administrator (every page, the network's users) and franchisor
 * (what makes its company the network's head: `networkHead` in the permission table).
 */
export const FIRST_ADMINISTRATOR_ROLES = ['ROLE_SUPER_ADMIN', ...PERMISSIONS.networkHead] as const;

export const DEMO_DATABASE_REFUSED =
  'Cette base contient la démonstration (comptes au mot de passe public) : créez le premier administrateur sur une base vide, démarrée sans DEMO_SEED.';
export const ACCOUNT_EXISTS_REFUSED = 'Un compte existe déjà avec cette adresse e-mail.';

/**
 * Creates a network's head company and its first administrator, with no usable password: the account is activated,
 * and its password chosen, through the one-time link answered here (the activation page, valid ACTIVATION_TTL_HOURS).
 * It is how a real deployment gets its first account, since nothing else creates one on an empty database.
 */
export async function createFirstAdministrator(
  db: Database,
  input: FirstAdministratorInput,
  linkOrigin: string,
): Promise<{ userId: number; companyId: number; link: string; expiresInHours: number }> {
  // A random secret nobody knows: until the link is used, no password opens the account.
  const unusable = await unusablePasswordHash();
  return db.transaction(async (tx) => {
    const [demo] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.demo, true)).limit(1);
    if (demo) throw conflict(DEMO_DATABASE_REFUSED);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (taken) throw conflict(ACCOUNT_EXISTS_REFUSED);
    const [network] = await tx.insert(franchises).values({ name: input.network }).returning({ id: franchises.id });
    const [company] = await tx
      .insert(companies)
      .values({ name: input.network, franchiseId: network?.id ?? null, networkHeadOffice: true })
      .returning({ id: companies.id });
    if (!company) throw new Error('company not created');
    await insertCompanyDefaults(tx, company.id);
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstname: input.firstname,
        name: input.name,
        passwordHash: unusable,
        activatedAt: null,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user not created');
    await tx
      .insert(memberships)
      .values({ userId: user.id, companyId: company.id, roles: [...FIRST_ADMINISTRATOR_ROLES] });
    const token = await issueActivationToken(tx, user.id, new Date(), { setsPassword: true });
    return {
      userId: user.id,
      companyId: company.id,
      link: `${linkOrigin}/activate/${token}`,
      expiresInHours: ACTIVATION_TTL_HOURS,
    };
  });
}
