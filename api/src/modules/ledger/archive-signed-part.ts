import { eq, sql } from 'drizzle-orm';
import { inflateSync, unzipSync } from 'fflate';
import type { Database } from '../../db';
import { ledgerArchives } from '../../db/schema';
import { MANIFEST, SIGNATURE } from './archive-format';

/*
 * A stored archive's signed part (`manifest.json` and `manifest.sig`), read for the integrity check without loading
 * the whole zip: a fiscal year's archive holds every PDF of the year, and the check runs for each archive each time.
 * The writer puts those two files last, just before the zip's central directory, so three slices of the column are
 * enough: the end record, the directory, the two entries. Anything unexpected: the whole zip, read by fflate.
 */

export interface SignedPart {
  manifest: Uint8Array;
  signature: Uint8Array;
}

const END_RECORD = 22;

async function slice(db: Database, archiveId: number, from: number, length: number) {
  const result = (await db.execute(
    sql`select substring(content from ${from + 1} for ${length}) as part from ledger_archives where id = ${archiveId}`,
  )) as unknown as { rows: { part: Uint8Array }[] };
  return result.rows[0]?.part;
}

interface Entry {
  method: number;
  compressed: number;
  offset: number;
}

/** Reads the parts from the zip's directory; undefined when the zip is not laid out as the writer lays it out. */
export async function signedPartFromDirectory(db: Database, archiveId: number): Promise<SignedPart | undefined> {
  const sized = (await db.execute(
    sql`select octet_length(content)::int as size from ledger_archives where id = ${archiveId}`,
  )) as unknown as { rows: { size: number }[] };
  const size = sized.rows[0]?.size ?? 0;
  if (size < END_RECORD) return undefined;
  const end = await slice(db, archiveId, size - END_RECORD, END_RECORD);
  if (!end) return undefined;
  const endView = new DataView(end.buffer, end.byteOffset, end.byteLength);
  if (endView.getUint32(0, true) !== 0x06054b50) return undefined;
  const directorySize = endView.getUint32(12, true);
  const directoryOffset = endView.getUint32(16, true);
  const directory = await slice(db, archiveId, directoryOffset, directorySize);
  if (!directory || directory.length !== directorySize) return undefined;
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const entries = new Map<string, Entry>();
  for (let at = 0; at + 46 <= directory.length && view.getUint32(at, true) === 0x02014b50; ) {
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(directory.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      method: view.getUint16(at + 10, true),
      compressed: view.getUint32(at + 20, true),
      offset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  const manifest = entries.get(MANIFEST);
  const signature = entries.get(SIGNATURE);
  if (!manifest || !signature) return undefined;
  const start = Math.min(manifest.offset, signature.offset);
  const both = await slice(db, archiveId, start, directoryOffset - start);
  if (!both) return undefined;
  const read = (entry: Entry) => {
    const local = new DataView(both.buffer, both.byteOffset + entry.offset - start);
    if (local.getUint32(0, true) !== 0x04034b50) return undefined;
    const data = entry.offset - start + 30 + local.getUint16(26, true) + local.getUint16(28, true);
    const bytes = both.subarray(data, data + entry.compressed);
    if (entry.method === 0) return bytes;
    return entry.method === 8 ? inflateSync(bytes) : undefined;
  };
  const manifestBytes = read(manifest);
  const signatureBytes = read(signature);
  return manifestBytes && signatureBytes ? { manifest: manifestBytes, signature: signatureBytes } : undefined;
}

/** The archive's signed part, or null when the zip does not hold it. */
export async function signedPartOf(db: Database, archiveId: number): Promise<SignedPart | null> {
  try {
    const quick = await signedPartFromDirectory(db, archiveId);
    if (quick) return quick;
  } catch {}
  const [row] = await db
    .select({ content: ledgerArchives.content })
    .from(ledgerArchives)
    .where(eq(ledgerArchives.id, archiveId));
  const whole = row?.content;
  if (!whole) return null;
  try {
    const entries = unzipSync(whole, { filter: (file) => file.name === MANIFEST || file.name === SIGNATURE });
    const manifest = entries[MANIFEST];
    const signature = entries[SIGNATURE];
    return manifest && signature ? { manifest, signature } : null;
  } catch {
    return null;
  }
}
