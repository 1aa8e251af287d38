import { createReadStream, existsSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';

/*
 * The published heads: after each closing and each archive, one JSON line naming the garage's chain head
 * (its sequence and hash) is appended to a file beside the signing key, out of the database. A chain rewritten in the
 * database, even re-hashed from end to end, no longer has those hashes at those places: the integrity check compares.
 * Since each hash covers the one before it, one published head vouches for every link up to it.
 *
 * The file is only ever appended to (O_APPEND, one write per line, flushed): lines of two processes never interleave,
 * and an operator can copy it elsewhere at any time (a tail -f to another machine, a log collector).
 */

export interface PublishedHead {
  companyId: number;
  seq: number;
  hash: string;
  /** A closing's link, or an archive's (the link that follows the head it holds). */
  kind: 'closing' | 'archive';
  /** « Clôture du 03/03/2026 », or the archive's file name. */
  reference: string;
  /** The period closed or archived, Paris days, both included. */
  from: string;
  to: string;
  at: string;
}

const headSchema = z.object({
  companyId: z.number().int(),
  seq: z.number().int().min(1),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.enum(['closing', 'archive']),
  reference: z.string(),
  from: z.string(),
  to: z.string(),
  at: z.string(),
});

export interface PublishedHeads {
  heads: PublishedHead[];
  /** Line numbers (from 1) that are not a head: the file was damaged or written by hand. */
  unreadable: number[];
}

/** `companyId` first, always: a garage's lines are found by their beginning, without parsing every other garage's. */
const lineOf = (head: PublishedHead) =>
  `${JSON.stringify({
    companyId: head.companyId,
    seq: head.seq,
    hash: head.hash,
    kind: head.kind,
    reference: head.reference,
    from: head.from,
    to: head.to,
    at: head.at,
  })}\n`;

export async function appendHead(file: string, head: PublishedHead): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, 'a', 0o644);
  try {
    await handle.appendFile(lineOf(head));
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** The heads published for one garage, in the file's order. No file: nothing published yet. */
export async function readHeads(file: string, companyId: number): Promise<PublishedHeads> {
  const found: PublishedHeads = { heads: [], unreadable: [] };
  if (!existsSync(file)) return found;
  const own = `{"companyId":${companyId},`;
  let number = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
    number += 1;
    if (line.trim() === '') continue;
    // Another garage's line is skipped unread; one that names no garage is damage every garage's check reports.
    if (!line.startsWith(own)) {
      if (!line.startsWith('{"companyId":')) found.unreadable.push(number);
      continue;
    }
    let parsed: ReturnType<typeof headSchema.safeParse> | undefined;
    try {
      parsed = headSchema.safeParse(JSON.parse(line));
    } catch {}
    if (parsed?.success) found.heads.push(parsed.data);
    else found.unreadable.push(number);
  }
  return found;
}
