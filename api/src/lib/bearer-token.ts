import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an `Authorization` header presents `expected` as its Bearer token (an operator's scraper, the SMS
 * provider's relay). Both sides are hashed first, so the comparison takes the same time whatever the length or the
 * first differing character of what was sent.
 */
export function presentsBearer(header: string | undefined, expected: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}
