/** Drive estimates between two customers of a mobile fitter (docs/decisions.md "Calendar travel time"). */
export const TRAVEL_SAME_POSTAL_CODE = 10;
export const TRAVEL_SAME_DEPARTEMENT = 30;
export const TRAVEL_ELSEWHERE = 60;

/** The département of a French postal code: two digits, three overseas (971…988); Corsica's 20xxx stay one. */
function departementOf(postalCode: string): string {
  return /^9[78]/.test(postalCode) ? postalCode.slice(0, 3) : postalCode.slice(0, 2);
}

/**
 * Minutes to drive from one address to the next, from their postal codes alone (no address is geocoded: the
 * garage's customers' addresses never leave the server). Null when either code is unknown.
 */
export function estimateTravelMinutes(from: string | null, to: string | null): number | null {
  const a = from?.replace(/\s/g, '') ?? '';
  const b = to?.replace(/\s/g, '') ?? '';
  if (!/^\d{5}$/.test(a) || !/^\d{5}$/.test(b)) return null;
  if (a === b) return TRAVEL_SAME_POSTAL_CODE;
  if (departementOf(a) === departementOf(b)) return TRAVEL_SAME_DEPARTEMENT;
  return TRAVEL_ELSEWHERE;
}
