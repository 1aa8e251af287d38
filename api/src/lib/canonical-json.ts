/*
 * Canonical JSON: one text per value whatever the order its keys were built in (keys sorted at every level, no
 * spaces, undefined members left out, as JSON.stringify does). What is hashed and kept as "what was issued" must
 * not depend on how an object happened to be assembled.
 */

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonical JSON: not a finite number');
  return value;
}

export const canonicalJson = (value: unknown): string => JSON.stringify(sorted(value));
