import { createHash, createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
import { type DeflateOptions, zipSync } from 'fflate';
import { z } from 'zod';

/*
 * The signed archive's format, shared by the writer (archive.ts) and the verifier (archive-verify.ts):
 * a zip whose `manifest.json` lists every other file with its SHA-256 and size, signed in `manifest.sig` (Ed25519,
 * base64) by the instance's key, whose PEM travels in `public-key.pem`.
 *
 * The zip itself is deterministic: the same files, in the same order, with the time and writer the signed manifest
 * names, give the same bytes. The verifier rebuilds it and compares: a byte changed anywhere — in a header, a file
 * name, the compressed data or its padding bits — is caught, not only a change of what a file holds.
 */

export const ARCHIVE_FORMAT = 'archive-registre-garage/1';
export const MANIFEST = 'manifest.json';
export const SIGNATURE = 'manifest.sig';
export const PUBLIC_KEY = 'public-key.pem';
export const README = 'LISEZMOI.txt';

export const ZIP_LEVEL = 6;
/** The zip writer and its exact version (pinned in package.json: another deflate may write other bytes). */
export const ZIP_WRITER = `fflate ${(createRequire(import.meta.url)('fflate/package.json') as { version: string }).version}`;

const head = z.object({ throughSeq: z.number().int().min(0), headHash: z.string() });

/** `manifest.json`, read back by the verifier: what a manifest must hold before anything in it is believed. */
export const archiveManifestSchema = z.object({
  format: z.string(),
  archive: z.object({
    id: z.number().int(),
    kind: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    createdAt: z.string(),
  }),
  garage: z.record(z.string(), z.unknown()),
  /** The chain's head the archive stops at, and the event log's: its own link and event follow them. */
  chain: head,
  events: head,
  counts: z.record(z.string(), z.number()),
  signature: z.object({ algorithm: z.literal('Ed25519'), publicKeyFingerprint: z.string() }),
  /** What rebuilds the zip byte for byte: its writer, and the time written in every entry (local wall clock). */
  zip: z.object({
    writer: z.string(),
    level: z.number().int().min(0).max(9),
    time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
  }),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string() })),
});
export type ArchiveManifest = z.infer<typeof archiveManifestSchema>;

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** SHA-256 of the key's DER (SubjectPublicKeyInfo) form: what the Intégrité page shows and `verify-archive` prints. */
export const keyFingerprint = (publicKeyPem: string) =>
  sha256(createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }));

/** The time written in each entry: noon of the creation day (never in a daylight-saving gap, whatever the zone). */
export const zipTimeOf = (parisDay: string) => `${parisDay}T12:00:00`;

/** The zip of `files`, in their order. fflate writes the time from local components: both sides read them so. */
export function packZip(files: [string, Uint8Array][], time: string, level = ZIP_LEVEL): Uint8Array {
  const [year = 1980, month = 1, day = 1, hour = 0, minute = 0, second = 0] = time.split(/[-T:]/).map(Number);
  return zipSync(Object.fromEntries(files), {
    level: level as DeflateOptions['level'],
    mtime: new Date(year, month - 1, day, hour, minute, second),
  });
}

/** Pretty JSON, one trailing newline: files a person can read in any editor. */
export const jsonFile = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
