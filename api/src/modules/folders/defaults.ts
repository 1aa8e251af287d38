/** What every new garage starts with; each garage then edits its own (statuses, « connu par »). */

/**
 * The statuses every company starts with: the four the folder's life needs (with a code), « Rendez-vous pris »
 * where booking an appointment moves a folder (code `appointment`), and one a glass garage uses.
 */
export const DEFAULT_STATUSES = [
  { code: 'open', label: 'Ouvert', color: 'blue', position: 1 },
  { code: 'appointment', label: 'Rendez-vous pris', color: 'cyan', position: 2 },
  { code: null, label: 'Pièce commandée', color: 'purple', position: 3 },
  { code: 'outstanding', label: 'En cours', color: 'orange', position: 4 },
  { code: 'wait_validation', label: 'En attente de validation', color: 'gold', position: 5 },
  { code: 'close', label: 'Clôturé', color: 'green', position: 6 },
] as const;

export const DEFAULT_KNOWN_BY = [
  'Assureur',
  'Bouche-à-oreille',
  'Recherche Google',
  'Pages Jaunes',
  'Passage devant le garage',
  'Flotte d’entreprise',
  'Concessionnaire partenaire',
];
