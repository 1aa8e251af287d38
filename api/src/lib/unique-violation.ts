/**
 * Whether PostgreSQL refused a write on a unique constraint (23505), looked for through Drizzle's and the
 * drivers' wrapping: the caller re-reads what the concurrent winner wrote (an idempotency key sent twice at once).
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
