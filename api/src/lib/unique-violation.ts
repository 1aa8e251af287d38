/** Whether PostgreSQL refused a write with `code`, looked for through Drizzle's and the drivers' wrapping. */
function hasDatabaseCode(error: unknown, code: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A write refused on a unique constraint (23505): the caller re-reads what the concurrent winner wrote (an
 * idempotency key sent twice at once).
 */
export const isUniqueViolation = (error: unknown): boolean => hasDatabaseCode(error, '23505');

/** A row still named by another (23503): something was built on what the caller meant to delete. */
export const isForeignKeyViolation = (error: unknown): boolean => hasDatabaseCode(error, '23503');
