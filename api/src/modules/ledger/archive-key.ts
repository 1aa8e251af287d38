import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { instanceKeys } from '../../db/schema';
import { keyFingerprint } from './archive-format';

/*
 * The instance's archive-signing key, kept out of the database it protects: whoever can rewrite
 * the database could otherwise rewrite the chain and sign the result with the same key. The private half comes from
 * the environment (`ARCHIVE_SIGNING_KEY`, the PEM itself) or from a PEM file (`ARCHIVE_KEY_FILE`, mode 0600), made at
 * the first start. The database keeps only the public half, for the Intégrité page and as the instance's memory that
 * a key exists: a start that finds the database naming a key but no key file stops instead of making another one.
 * An instance from before the key left the database still holds its private key in `instance_keys`: its first start moves it to the
 * file, then clears the column.
 */

export const ARCHIVE_KEY_NAME = 'archive-signing';

export interface ArchiveKey {
  publicKey: string;
  privateKey: string;
  fingerprint: string;
}

/** Where the key is looked for: the environment's PEM first, then the file; neither (tests): in memory. */
export interface ArchiveKeySource {
  keyPem?: string | undefined;
  keyFile?: string | undefined;
}

export type ArchiveKeyOrigin = 'environment' | 'file' | 'memory';

export interface OpenedArchiveKey {
  key: ArchiveKey;
  from: ArchiveKeyOrigin;
  /** This start moved the key out of the database (an instance from before the key left the database). */
  moved: boolean;
  /** What the operator must know (French): a key file others can read, a database naming another key. */
  warnings: string[];
}

/** The pair from a private key's PEM: Ed25519 only, whatever the PEM's own form (PKCS#8 written back). */
export function keyFromPem(pem: string, origin: string): ArchiveKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new Error(`${origin} : ce n’est pas une clé privée au format PEM`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(
      `${origin} : la clé de signature des archives doit être Ed25519 (trouvé ${privateKey.asymmetricKeyType})`,
    );
  }
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKey,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    fingerprint: keyFingerprint(publicKey),
  };
}

/** An environment variable often carries a PEM on one line with `\n` written out: both forms are accepted. */
const environmentPem = (value: string) => value.replace(/\\n/g, '\n');

/** The key the operator put in place, without writing anything: null when neither the environment nor a file has one. */
export function readArchiveKey(source: ArchiveKeySource): { key: ArchiveKey; from: ArchiveKeyOrigin } | null {
  if (source.keyPem)
    return { key: keyFromPem(environmentPem(source.keyPem), 'ARCHIVE_SIGNING_KEY'), from: 'environment' };
  if (source.keyFile && existsSync(source.keyFile)) {
    return { key: keyFromPem(readFileSync(source.keyFile, 'utf8'), source.keyFile), from: 'file' };
  }
  return null;
}

const newPem = () =>
  generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).privateKey;

/**
 * Writes the key file (0600, flushed to disk: a moved key must be safe before the database forgets it), unless another
 * process starting at the same time wrote it first: then that one is the key.
 */
function writeKeyFile(file: string, pem: string): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw error;
  }
  try {
    writeSync(fd, pem);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return pem;
}

const missingKeyMessage = (file: string, publicKey: string) =>
  `Clé de signature des archives introuvable : la base nomme la clé d’empreinte ${keyFingerprint(publicKey)}, mais ` +
  `ni ARCHIVE_SIGNING_KEY ni le fichier ${file} ne la contiennent. Restaurez ce fichier depuis sa sauvegarde (ou ` +
  'donnez ARCHIVE_SIGNING_KEY) avant de démarrer : une nouvelle clé ne signerait pas comme celle des archives déjà faites.';

const twoKeysMessage = (inDatabase: string, key: ArchiveKey, from: ArchiveKeyOrigin) =>
  `Deux clés de signature des archives : la base garde encore une clé privée (empreinte ${inDatabase}) différente de ` +
  `celle ${from === 'environment' ? 'd’ARCHIVE_SIGNING_KEY' : 'du fichier de clé'} (empreinte ${key.fingerprint}). ` +
  'Pour garder celle de la base (celle des archives déjà signées), retirez le fichier ou la variable et redémarrez : ' +
  'elle y sera déplacée.';

/**
 * Opens the key at start: the environment's or the file's; else, once, the key an older database still holds (moved
 * to the file) or a new one (the first start). Then the database holds no private key and names the public one.
 */
export async function openArchiveKey(db: Database, source: ArchiveKeySource): Promise<OpenedArchiveKey> {
  const byName = eq(instanceKeys.name, ARCHIVE_KEY_NAME);
  const [row] = await db.select().from(instanceKeys).where(byName);
  const inDatabase = row?.privateKey ?? undefined;
  const found = readArchiveKey(source);
  const from: ArchiveKeyOrigin = found?.from ?? (source.keyFile ? 'file' : 'memory');
  let key: ArchiveKey;
  if (found) key = found.key;
  else if (inDatabase) {
    key = keyFromPem(source.keyFile ? writeKeyFile(source.keyFile, inDatabase) : inDatabase, 'instance_keys');
  } else if (row && source.keyFile) throw new Error(missingKeyMessage(source.keyFile, row.publicKey));
  else {
    const pem = newPem();
    key = keyFromPem(source.keyFile ? writeKeyFile(source.keyFile, pem) : pem, source.keyFile ?? 'clé en mémoire');
  }
  if (inDatabase) {
    const held = keyFromPem(inDatabase, 'instance_keys');
    if (held.fingerprint !== key.fingerprint) throw new Error(twoKeysMessage(held.fingerprint, key, from));
    await db.update(instanceKeys).set({ privateKey: null }).where(byName);
  }
  if (!row)
    await db.insert(instanceKeys).values({ name: ARCHIVE_KEY_NAME, publicKey: key.publicKey }).onConflictDoNothing();
  // Memory (tests, one key per app on a shared database): the app's own key is the one the database names.
  else if (from === 'memory') await db.update(instanceKeys).set({ publicKey: key.publicKey }).where(byName);

  const warnings: string[] = [];
  const [named] = await db.select({ publicKey: instanceKeys.publicKey }).from(instanceKeys).where(byName);
  if (named && keyFingerprint(named.publicKey) !== key.fingerprint) {
    // Kept as found: the integrity check reports it until an operator looks (a swapped key, or the wrong file restored).
    warnings.push(
      `La base nomme la clé de signature d’empreinte ${keyFingerprint(named.publicKey)}, mais la clé de l’instance ` +
        `est ${key.fingerprint} : la clé publique de la base a été remplacée, ou le mauvais fichier de clé restauré.`,
    );
  }
  if (from === 'file' && source.keyFile && (statSync(source.keyFile).mode & 0o077) !== 0) {
    warnings.push(`Le fichier de clé ${source.keyFile} est lisible par d’autres comptes : chmod 600 ${source.keyFile}`);
  }
  return { key, from, moved: inDatabase !== undefined, warnings };
}
