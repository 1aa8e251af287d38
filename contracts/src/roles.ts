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

/** What each role does in the garage, said where roles are chosen (« CMD » alone tells a newcomer nothing). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  ROLE_SUPER_ADMIN: 'Tous les garages et tous les écrans.',
  ROLE_FRANCHISEUR: 'Tête de réseau : ses centres, leurs dossiers, leurs packs d’unités.',
  ROLE_POSEUR_ADMIN: 'Gérant du garage : tout le garage, ses utilisateurs, sa facturation.',
  ROLE_POSEUR: 'Ses interventions du jour sur téléphone et le calendrier.',
  ROLE_CMD:
    'Gestion des dossiers, devis, bons de commande, stock, fournisseurs, produits et poseurs, sans la facturation.',
  ROLE_SERVICE_CLIENT: 'Accueil : crée et suit les dossiers clients, les devis et le calendrier.',
  ROLE_SERVICE_CLIENT_LIMIT: 'Accueil limité : crée et suit ses dossiers clients.',
  ROLE_COMMERCIAL_GARAGE: 'Commercial : ses clients et leurs dossiers.',
  ROLE_COMPTABLE: 'Factures, paiements, clôtures, comptabilité et intégrité, sans créer de dossier.',
};
