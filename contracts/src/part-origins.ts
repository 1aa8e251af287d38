/**
 * Where a part comes from, printed on a repair's quote and invoice (arrêté du 2 mars 1990, and the offer of parts
 * from the circular economy, C. consommation L224-67 and R224-22 to R224-28): null for labour and other lines.
 */
export const PART_ORIGINS = ['oem', 'equivalent', 'reuse', 'exchange'] as const;
export type PartOrigin = (typeof PART_ORIGINS)[number];
export const PART_ORIGIN_LABELS: Record<PartOrigin, string> = {
  oem: 'Pièce neuve d’origine constructeur',
  equivalent: 'Pièce neuve de qualité équivalente',
  reuse: 'Pièce de réemploi (économie circulaire)',
  exchange: 'Pièce en échange standard',
};
/** The same, short enough for the line's narrow cell once chosen (the list shows the full labels). */
export const PART_ORIGIN_SHORT_LABELS: Record<PartOrigin, string> = {
  oem: 'Neuve d’origine',
  equivalent: 'Neuve équivalente',
  reuse: 'Réemploi',
  exchange: 'Échange standard',
};
