/** The nine roles of the product (docs/product.md). */
export const ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_FRANCHISEUR',
  'ROLE_POSEUR_ADMIN',
  'ROLE_POSEUR',
  'ROLE_CMD',
  'ROLE_SERVICE_CLIENT',
  'ROLE_SERVICE_CLIENT_LIMIT',
  'ROLE_COMMERCIAL_GARAGE',
  'ROLE_COMPTABLE',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_SUPER_ADMIN: 'Super administrateur',
  ROLE_FRANCHISEUR: 'Franchiseur',
  ROLE_POSEUR_ADMIN: 'Poseur administrateur',
  ROLE_POSEUR: 'Poseur',
  ROLE_CMD: 'CMD',
  ROLE_SERVICE_CLIENT: 'Service client',
  ROLE_SERVICE_CLIENT_LIMIT: 'Service client limité',
  ROLE_COMMERCIAL_GARAGE: 'Commercial garage',
  ROLE_COMPTABLE: 'Comptable',
};
