import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from 'contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { recoveryCodes } from '../../../db/schema';
import { hashPassword, verifyPassword } from '../password';

/*
 * Ten single-use codes for a lost phone, shown once. Ten characters of a 31-sign alphabet (about 50 bits) are short
 * enough to type and far too many to guess within the sign-in's limits; being under 112 bits, they are stored as
 * passwords are (salted scrypt, OWASP ASVS 5.0 V6), never in clear.
 */

/** No 0/O nor 1/I/L: a code is read from paper. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 10;

/** « K7QF9-XMA2P » as typed any way: upper case, without spaces or dashes; null when it cannot be a recovery code. */
export function recoveryToken(code: string): string | null {
  const token = code.replace(/[\s-]/g, '').toUpperCase();
  return token.length === LENGTH && [...token].every((char) => ALPHABET.includes(char)) ? token : null;
}

const newCode = (): string => {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/** New codes and their hashes (slow on purpose: computed before any transaction opens). */
export async function drawRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(recoveryToken(code) ?? code)));
  return { codes, hashes };
}

/** The account's codes become these: the old ones, used or not, stop working. */
export async function storeRecoveryCodes(tx: Transaction, userId: number, hashes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** The id of the account's unused code `code` is, or null (the hashes checked side by side, on libuv's threads). */
export async function matchingRecoveryCode(db: Database, userId: number, code: string): Promise<number | null> {
  const token = recoveryToken(code);
  if (!token) return null;
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const matches = await Promise.all(unused.map((row) => verifyPassword(token, row.codeHash)));
  return unused.find((_, index) => matches[index])?.id ?? null;
}

/** Marks the code used; false when another request used it first (the condition decides, in one statement). */
export async function claimRecoveryCode(tx: Transaction, id: number): Promise<boolean> {
  const claimed = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return claimed.length > 0;
}

export async function recoveryCodesLeft(db: Database | Transaction, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}
