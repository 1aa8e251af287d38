import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { instanceKeys } from '../../db/schema';
import { keyFingerprint } from './archive-format';

/*
 * The instance's archive-signing key (issue 20): one Ed25519 pair, made at the first start and kept in
 * `instance_keys`. Every archive's manifest is signed with it; its public half is shown on the Intégrité page and
 * travels in each archive, so an archive can be checked without the product.
 */

export const ARCHIVE_KEY_NAME = 'archive-signing';

export interface ArchiveKey {
  publicKey: string;
  privateKey: string;
  fingerprint: string;
}

const read = async (db: Database | Transaction) => {
  const [row] = await db.select().from(instanceKeys).where(eq(instanceKeys.name, ARCHIVE_KEY_NAME));
  return row;
};

/**
 * The key, made now if the instance has none. Two processes starting together each draw a pair, the first insert
 * wins and both read it back: every archive of the instance is signed by one key.
 */
export async function archiveKey(db: Database | Transaction): Promise<ArchiveKey> {
  let row = await read(db);
  if (!row) {
    const pair = generateKeyPairSync('ed25519', {
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await db
      .insert(instanceKeys)
      .values({ name: ARCHIVE_KEY_NAME, publicKey: pair.publicKey, privateKey: pair.privateKey })
      .onConflictDoNothing();
    row = await read(db);
  }
  if (!row) throw new Error('archive-signing key missing after insert');
  return { publicKey: row.publicKey, privateKey: row.privateKey, fingerprint: keyFingerprint(row.publicKey) };
}
