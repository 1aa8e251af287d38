import { verify } from 'node:crypto';
import { unzipSync } from 'fflate';
import {
  type ArchiveManifest,
  archiveManifestSchema,
  keyFingerprint,
  MANIFEST,
  PUBLIC_KEY,
  packZip,
  SIGNATURE,
  sha256,
  ZIP_WRITER,
} from './archive-format';
import { checkArchiveContents } from './archive-verify-contents';

/*
 * Checking a signed archive, from its bytes alone: the zip reads; the manifest's signature is valid for the
 * key (the archive's own, or the one the caller expects); every listed file is there with its digest and size, and
 * no other; the zip rebuilt from those files is byte for byte the one given; then what the files hold
 * (archive-verify-contents.ts). Each problem is a French sentence naming its cause.
 */

export interface ArchiveCheck {
  valid: boolean;
  problems: string[];
  /** What was not checked, and why (never a reason to refuse). */
  notes: string[];
  manifest: ArchiveManifest | null;
  /** SHA-256 of the key the signature was checked with: compare it with the Intégrité page's. */
  fingerprint: string | null;
}

const decoder = new TextDecoder();

const fingerprintOf = (pem: string): string | null => {
  try {
    return keyFingerprint(pem);
  } catch {
    return null;
  }
};

function firstDifference(a: Uint8Array, b: Uint8Array): number | undefined {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) if (a[index] !== b[index]) return index;
  return a.length === b.length ? undefined : length;
}

/** The archive's files by path, or the problem that stopped reading them. */
function unzipped(zip: Uint8Array, problems: string[]): Record<string, Uint8Array> | undefined {
  try {
    return unzipSync(zip, {
      // A size field altered to gigabytes must not be believed: deflate never expands more than ~1 032 times.
      filter: (file) => {
        const plausible = file.originalSize <= file.size * 1_032 + 1_024;
        if (!plausible) problems.push(`Fichier zip altéré : la taille annoncée de ${file.name} est impossible`);
        return plausible;
      },
    });
  } catch (error) {
    problems.push(`Archive illisible : ce n’est pas un fichier zip intact (${(error as Error).message})`);
    return undefined;
  }
}

/** The manifest, once it parses and has every field the checks read. */
function manifestOf(entries: Record<string, Uint8Array>, problems: string[]): ArchiveManifest | undefined {
  const bytes = entries[MANIFEST];
  if (!bytes) {
    problems.push(`Fichier manquant : ${MANIFEST} (la liste signée des fichiers)`);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(bytes));
  } catch {
    problems.push(`Fichier illisible : ${MANIFEST} n’est pas du JSON valide`);
    return undefined;
  }
  const parsed = archiveManifestSchema.safeParse(json);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(racine)'))].join(', ');
    problems.push(`Fichier illisible : ${MANIFEST} n’a pas la forme attendue (${fields})`);
    return undefined;
  }
  return parsed.data;
}

/** The signature of the manifest's bytes: with the expected key when one is given, else the one the archive carries. */
function checkSignature(entries: Record<string, Uint8Array>, expectedPem: string | undefined, problems: string[]) {
  const carriedBytes = entries[PUBLIC_KEY];
  const carried = carriedBytes ? decoder.decode(carriedBytes) : undefined;
  const keyPem = expectedPem ?? carried;
  const fingerprint = keyPem ? fingerprintOf(keyPem) : null;
  if (!keyPem) problems.push(`Fichier manquant : ${PUBLIC_KEY} (la clé publique)`);
  else if (!fingerprint) problems.push('Clé publique illisible : ce n’est pas une clé Ed25519 au format PEM');
  if (expectedPem && carried && fingerprint !== fingerprintOf(carried)) {
    problems.push(
      'La clé publique jointe à l’archive n’est pas celle attendue : l’archive n’a pas été signée par cette instance',
    );
  }
  const signature = entries[SIGNATURE];
  if (!signature) problems.push(`Fichier manquant : ${SIGNATURE} (la signature du manifeste)`);
  const manifest = entries[MANIFEST];
  if (signature && manifest && keyPem && fingerprint) {
    let signed = false;
    try {
      signed = verify(null, manifest, keyPem, Buffer.from(decoder.decode(signature).trim(), 'base64'));
    } catch {}
    if (!signed) {
      problems.push(
        'Signature invalide : manifest.json n’est plus celui qui a été signé, ou la signature ne vient pas de cette clé',
      );
    }
  }
  return fingerprint;
}

/** Each listed file there with its digest and size; none that is not listed. */
function checkFiles(entries: Record<string, Uint8Array>, manifest: ArchiveManifest, problems: string[]) {
  const listed = new Set<string>();
  for (const file of manifest.files) {
    listed.add(file.path);
    const bytes = entries[file.path];
    if (!bytes) problems.push(`Fichier manquant : ${file.path}`);
    else if (bytes.length !== file.bytes || sha256(bytes) !== file.sha256) {
      problems.push(`Fichier modifié : ${file.path} (SHA-256 attendu ${file.sha256}, trouvé ${sha256(bytes)})`);
    }
  }
  for (const path of Object.keys(entries)) {
    if (!listed.has(path) && path !== MANIFEST && path !== SIGNATURE) problems.push(`Fichier en trop : ${path}`);
  }
}

/** `zip`: the archive's bytes; `publicKeyPem`: the key it must be signed with (else the one it carries). */
export function verifyArchive(zip: Uint8Array, options: { publicKeyPem?: string } = {}): ArchiveCheck {
  const problems: string[] = [];
  const notes: string[] = [];
  const result = (manifest: ArchiveManifest | null, fingerprint: string | null): ArchiveCheck => ({
    valid: problems.length === 0,
    problems,
    notes,
    manifest,
    fingerprint,
  });
  const entries = unzipped(zip, problems);
  if (!entries) return result(null, null);
  const manifest = manifestOf(entries, problems);
  const fingerprint = checkSignature(entries, options.publicKeyPem, problems);
  if (!manifest) return result(null, fingerprint);
  checkFiles(entries, manifest, problems);

  // The envelope: when every file is intact, the zip rebuilt from them must be the one given, byte for byte.
  if (problems.length === 0) {
    if (manifest.zip.writer !== ZIP_WRITER) {
      notes.push(
        `Enveloppe zip non recomparée : l’archive a été écrite par ${manifest.zip.writer}, cet outil utilise ${ZIP_WRITER} (chaque fichier, lui, est vérifié)`,
      );
    } else {
      const differs = firstDifference(packZip(Object.entries(entries), manifest.zip.time, manifest.zip.level), zip);
      if (differs !== undefined) {
        problems.push(
          `Fichier zip modifié en dehors des fichiers qu’il contient (en-têtes ou données compressées), à partir de l’octet ${differs}`,
        );
      }
    }
  }
  problems.push(...checkArchiveContents(entries, manifest));
  return result(manifest, fingerprint);
}
