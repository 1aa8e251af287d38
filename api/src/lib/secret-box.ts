import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Secrets a garage types into the product (its SMTP password, its SMS provider's API key) are stored encrypted with
 * AES-256-GCM under the server's key (`SECRETS_KEY`, else the `secrets-key` file beside the data): a copy of the
 * database alone does not give them away. Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

const VERSION = 'v1';

/** The 32-byte key from whatever the operator gave (any length: hashed), so a passphrase works as well as hex. */
export const secretKeyOf = (material: string): Buffer => createHash('sha256').update(material, 'utf8').digest();

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when it was sealed under another key (the key file lost): the garage types it again. */
export function openSecret(key: Buffer, boxed: string): string | null {
  const [version, iv, tag, sealed] = boxed.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
