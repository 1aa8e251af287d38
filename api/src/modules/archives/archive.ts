import { sign } from 'node:crypto';
import { type ArchiveKind, parisDay, parisToday } from 'contracts';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { ledgerArchives, ledgerClosings } from '../../db/schema';
import type { LedgerAnchors } from '../ledger/anchors';
import {
  ARCHIVE_FORMAT,
  type ArchiveManifest,
  jsonFile,
  MANIFEST,
  PUBLIC_KEY,
  packZip,
  README,
  SIGNATURE,
  sha256,
  ZIP_LEVEL,
  ZIP_WRITER,
  zipTimeOf,
} from '../ledger/archive-format';
import { appendLink, lockedHead } from '../ledger/chain';
import { logEvent } from '../ledger/events';
import { archiveRecord } from '../ledger/records';
import { archiveContents, freezeOriginals } from './archive-contents';
import { archiveReadme } from './archive-readme';

/*
 * Making a signed archive: in one transaction on the garage's locked head, so that no record, closing or
 * event is appended while it is read, the archive is built, stored (append-only), chained as the link right after the
 * head it holds, and logged as an event. The yearly archive of each closed fiscal year is made the same way.
 */

export interface ArchiveRequest {
  companyId: number;
  kind: ArchiveKind;
  from: string;
  to: string;
  userId: number | null;
}

export type ArchiveSummary = Omit<typeof ledgerArchives.$inferSelect, 'content'> & { bytes: number };

const encoder = new TextEncoder();

/** Characters of the head's hash in the file name: 64 bits, enough to tell one head from another at a glance. */
export const HEAD_IN_NAME = 16;

/**
 * "archive-exercice-2025-01-01-au-2025-12-31-garage-12-n7-tete-3f9a0c12d4e5b6a7.zip": the chain's head the archive
 * holds is in its name, so every copy of the file, wherever it was saved, names the head outside the
 * database: a chain rewritten in the database no longer has it.
 */
const fileNameOf = (request: ArchiveRequest, id: number, headHash: string) =>
  `archive-${request.kind === 'year' ? 'exercice' : 'periode'}-${request.from}-au-${request.to}-garage-${request.companyId}-n${id}-tete-${headHash.slice(0, HEAD_IN_NAME)}.zip`;

/** A fiscal year is archived once: under the head's lock, a second pass finds the first one's archive. */
async function yearArchived(tx: Transaction, request: ArchiveRequest) {
  const [kept] = await tx
    .select({ id: ledgerArchives.id })
    .from(ledgerArchives)
    .where(
      and(
        eq(ledgerArchives.companyId, request.companyId),
        eq(ledgerArchives.kind, 'year'),
        eq(ledgerArchives.periodStart, request.from),
        eq(ledgerArchives.periodEnd, request.to),
      ),
    );
  return kept !== undefined;
}

/**
 * Makes, stores, chains and logs one archive, signed with the key of the file or environment (`anchors`), then
 * publishes its link as a head beside the key. Null: that fiscal year already has its archive.
 */
export async function createArchive(
  db: Database,
  anchors: Pick<LedgerAnchors, 'signingKey' | 'publish'>,
  request: ArchiveRequest,
): Promise<ArchiveSummary | null> {
  const key = await anchors.signingKey();
  // Drawing missing originals takes time: done before the lock, then again under it for any issued meanwhile.
  await freezeOriginals(db, request.companyId, request.from, request.to);
  const made = await db.transaction(async (tx) => {
    const head = await lockedHead(tx, request.companyId);
    if (request.kind === 'year' && (await yearArchived(tx, request))) return null;
    await freezeOriginals(tx, request.companyId, request.from, request.to);
    // The archive's id is its record's id in the chain and is written in the archive: taken first.
    const next = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('ledger_archives', 'id'))::int as id`,
    )) as unknown as { rows: { id: number }[] };
    const id = next.rows[0]?.id;
    if (!id) throw new Error('no archive id');
    const createdAt = new Date();
    const contents = await archiveContents(tx, request.companyId, request, head);
    const described: Omit<ArchiveManifest, 'files'> = {
      format: ARCHIVE_FORMAT,
      archive: {
        id,
        kind: request.kind,
        periodStart: request.from,
        periodEnd: request.to,
        createdAt: createdAt.toISOString(),
      },
      garage: contents.garage,
      chain: { throughSeq: head.seq, headHash: head.hash },
      events: { throughSeq: head.eventSeq, headHash: head.eventHash },
      counts: contents.counts,
      signature: { algorithm: 'Ed25519', publicKeyFingerprint: key.fingerprint },
      zip: { writer: ZIP_WRITER, level: ZIP_LEVEL, time: zipTimeOf(parisDay(createdAt)) },
    };
    const listed: [string, Uint8Array][] = [
      [README, encoder.encode(archiveReadme(described, key.fingerprint))],
      [PUBLIC_KEY, encoder.encode(key.publicKey)],
      ...contents.files,
    ];
    const manifest: ArchiveManifest = {
      ...described,
      files: listed.map(([path, bytes]) => ({ path, bytes: bytes.length, sha256: sha256(bytes) })),
    };
    const manifestBytes = jsonFile(manifest);
    const signature = sign(null, manifestBytes, key.privateKey).toString('base64');
    const zip = packZip(
      [...listed, [MANIFEST, manifestBytes], [SIGNATURE, encoder.encode(`${signature}\n`)]],
      manifest.zip.time,
    );
    const row = {
      id,
      companyId: request.companyId,
      kind: request.kind,
      periodStart: request.from,
      periodEnd: request.to,
      fileName: fileNameOf(request, id, head.hash),
      content: Buffer.from(zip),
      sha256: sha256(zip),
      manifestSha256: sha256(manifestBytes),
      throughSeq: head.seq,
      createdBy: request.userId,
      createdAt,
    };
    await tx.insert(ledgerArchives).values(row);
    const seq = await appendLink(tx, {
      companyId: request.companyId,
      kind: 'archive',
      recordId: id,
      reference: row.fileName,
      recordedAt: createdAt,
      record: archiveRecord(row),
      sales: 0,
    });
    const { content: _content, ...summary } = row;
    await logEvent(
      tx,
      request.companyId,
      'archive',
      {
        archiveId: id,
        kind: request.kind,
        periodStart: request.from,
        periodEnd: request.to,
        fileName: row.fileName,
        bytes: zip.length,
        sha256: row.sha256,
        manifestSha256: row.manifestSha256,
        throughSeq: head.seq,
      },
      request.userId,
    );
    const { hash } = await lockedHead(tx, request.companyId);
    return { summary: { ...summary, bytes: zip.length }, seq, hash };
  });
  if (!made) return null;
  // After the commit: a head published must be one the database holds.
  await anchors.publish({
    companyId: request.companyId,
    seq: made.seq,
    hash: made.hash,
    kind: 'archive',
    reference: made.summary.fileName,
    from: request.from,
    to: request.to,
    at: made.summary.createdAt.toISOString(),
  });
  return made.summary;
}

/**
 * The yearly archives: one for each fiscal year that has its yearly closing and no archive yet, oldest first.
 * Run after each closings pass (`startClosingLoop`'s `afterPass`). Answers the archives made. A garage whose archive
 * fails does not hold the others back: they are made, then the failures are thrown together (the next pass retries).
 */
export async function archiveEndedYears(
  db: Database,
  anchors: Pick<LedgerAnchors, 'signingKey' | 'publish'>,
  now = new Date(),
): Promise<ArchiveSummary[]> {
  const closings = await db
    .select({
      companyId: ledgerClosings.companyId,
      periodStart: ledgerClosings.periodStart,
      periodEnd: ledgerClosings.periodEnd,
    })
    .from(ledgerClosings)
    .where(
      and(
        eq(ledgerClosings.kind, 'year'),
        lt(ledgerClosings.periodEnd, parisToday(now)),
        sql`not exists (select 1 from ${ledgerArchives} where ${ledgerArchives.companyId} = ${ledgerClosings.companyId}
          and ${ledgerArchives.kind} = 'year' and ${ledgerArchives.periodStart} = ${ledgerClosings.periodStart}
          and ${ledgerArchives.periodEnd} = ${ledgerClosings.periodEnd})`,
      ),
    )
    .orderBy(asc(ledgerClosings.periodStart), asc(ledgerClosings.companyId));
  const made: ArchiveSummary[] = [];
  const failed: unknown[] = [];
  for (const closing of closings) {
    try {
      const archive = await createArchive(db, anchors, {
        companyId: closing.companyId,
        kind: 'year',
        from: closing.periodStart,
        to: closing.periodEnd,
        userId: null,
      });
      if (archive) made.push(archive);
    } catch (error) {
      failed.push(error);
    }
  }
  if (failed.length > 0) throw new AggregateError(failed, `${failed.length} yearly archive(s) failed`);
  return made;
}
