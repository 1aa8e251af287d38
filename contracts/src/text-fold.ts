/**
 * Text as a search compares it in the browser: lower case, accents off (« Véhicule prêt » is found by « vehicule
 * pret »). The server's searches fold the same way in the database (`search_fold`, api/src/lib/search.ts).
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether `label` holds what was typed, accents and case aside: a searchable select's filter. */
export const labelMatches = (typed: string, label: unknown): boolean =>
  foldForSearch(String(label ?? '')).includes(foldForSearch(typed.trim()));
