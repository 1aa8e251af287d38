import type { Role } from './roles';

/** Password shared by every demo account (development and browser tests only). */
export const DEMO_PASSWORD = 'Garage2026!';

export interface DemoAccount {
  email: string;
  role: Role;
  /** Display name (first name + last name). */
  name: string;
  /** Names of the companies the account belongs to; the first one is selected at login. */
  companies: string[];
  isReferent?: boolean;
}

export const DEMO_FRANCHISE = 'Vitrage Express';

/** The demo companies, in seed order. */
export const DEMO_COMPANIES = {
  franchisor: 'Vitrage Express Siège',
  lyon: 'Vitrage Express Lyon',
  paris: 'Vitrage Express Paris 15',
  marseille: 'Vitrage Express Marseille',
  bordeaux: 'Vitrage Express Bordeaux',
  centre: 'Garage du Centre',
  martin: 'Pare-Brise Martin',
} as const;

const C = DEMO_COMPANIES;

/**
 * The demo accounts the API seeds into an empty database. Everyone but
 * multi@ has exactly one company, so menus in end-to-end tests are deterministic.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'superadmin@demo.garage.fr', role: 'ROLE_SUPER_ADMIN', name: 'Claire Dubois', companies: [C.franchisor] },
  { email: 'franchiseur@demo.garage.fr', role: 'ROLE_FRANCHISEUR', name: 'Marc Lefèvre', companies: [C.franchisor] },
  { email: 'poseur.admin@demo.garage.fr', role: 'ROLE_POSEUR_ADMIN', name: 'Julien Moreau', companies: [C.lyon] },
  { email: 'poseur@demo.garage.fr', role: 'ROLE_POSEUR', name: 'Karim Benali', companies: [C.lyon] },
  { email: 'cmd@demo.garage.fr', role: 'ROLE_CMD', name: 'Sophie Laurent', companies: [C.paris] },
  { email: 'service.client@demo.garage.fr', role: 'ROLE_SERVICE_CLIENT', name: 'Nadia Petit', companies: [C.paris] },
  {
    email: 'service.client.limit@demo.garage.fr',
    role: 'ROLE_SERVICE_CLIENT_LIMIT',
    name: 'Thomas Girard',
    companies: [C.marseille],
  },
  { email: 'commercial@demo.garage.fr', role: 'ROLE_COMMERCIAL_GARAGE', name: 'Émilie Roux', companies: [C.bordeaux] },
  { email: 'comptable@demo.garage.fr', role: 'ROLE_COMPTABLE', name: 'Philippe Garnier', companies: [C.centre] },
  {
    email: 'referent@demo.garage.fr',
    role: 'ROLE_SERVICE_CLIENT',
    name: 'Isabelle Fontaine',
    companies: [C.martin],
    isReferent: true,
  },
  {
    email: 'multi@demo.garage.fr',
    role: 'ROLE_POSEUR_ADMIN',
    name: 'Antoine Mercier',
    companies: [C.lyon, C.marseille, C.bordeaux],
  },
];
