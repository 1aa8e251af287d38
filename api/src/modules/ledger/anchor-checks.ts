import { verify } from 'node:crypto';
import type { IntegrityProblem } from 'contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { instanceKeys, ledgerArchives, ledgerLinks } from '../../db/schema';
import { archiveManifestSchema, keyFingerprint } from './archive-format';
import { ARCHIVE_KEY_NAME, type ArchiveKey } from './archive-key';
import { signedPartOf } from './archive-signed-part';
import { GENESIS_HASH } from './chain';
import type { PublishedHeads } from './published-heads';

/*
 * The integrity check's comparisons with what the database cannot change: the heads published in the
 * journal beside the key, the heads the signed archives hold, and the key itself. The chain walk (integrity.ts) finds
 * a link changed behind the API; these find a chain rewritten whole, re-hashed consistently, and a public key swapped
 * in the database (whoever swaps it could sign archives of their own making).
 */

export interface IntegrityAnchors {
  signingKey(): Promise<ArchiveKey>;
  published(companyId: number): Promise<PublishedHeads>;
}

const BATCH = 1_000;
const decoder = new TextDecoder();
const noPlace = { seq: 0, kind: null, reference: null, recordedAt: null };

/** The database's hash at each of those places of the garage's chain (place 0: the genesis). */
async function hashesAt(db: Database, companyId: number, seqs: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>([[0, GENESIS_HASH]]);
  const wanted = [...new Set(seqs)].filter((seq) => seq > 0);
  for (let index = 0; index < wanted.length; index += BATCH) {
    const rows = await db
      .select({ seq: ledgerLinks.seq, hash: ledgerLinks.hash })
      .from(ledgerLinks)
      .where(and(eq(ledgerLinks.companyId, companyId), inArray(ledgerLinks.seq, wanted.slice(index, index + BATCH))));
    for (const row of rows) found.set(row.seq, row.hash);
  }
  return found;
}

const differs = (published: string, where: string, stored: string | undefined) => [
  `${where} : ${published}`,
  stored ? `dans la base : ${stored}` : 'maillon absent de la base',
];

async function publishedHeadProblems(db: Database, companyId: number, published: PublishedHeads) {
  const problems: IntegrityProblem[] = published.unreadable.map((line) => ({
    ...noPlace,
    problem: 'heads-unreadable' as const,
    differences: [`ligne ${line} du journal des têtes publiées`],
  }));
  const stored = await hashesAt(
    db,
    companyId,
    published.heads.map((head) => head.seq),
  );
  for (const head of published.heads) {
    const hash = stored.get(head.seq);
    if (hash === head.hash) continue;
    problems.push({
      seq: head.seq,
      problem: 'head-differs',
      kind: head.kind === 'archive' ? 'archive' : null,
      reference: head.reference,
      recordedAt: head.at,
      differences: differs(head.hash, `publiée le ${head.at}`, hash),
    });
  }
  return problems;
}

/** The instance's key as the database names it, and each stored archive's signature and head. */
async function keyProblems(db: Database, companyId: number, key: ArchiveKey) {
  const problems: IntegrityProblem[] = [];
  const [named] = await db
    .select({ publicKey: instanceKeys.publicKey })
    .from(instanceKeys)
    .where(eq(instanceKeys.name, ARCHIVE_KEY_NAME));
  if (named && keyFingerprint(named.publicKey) !== key.fingerprint) {
    problems.push({
      ...noPlace,
      problem: 'signing-key',
      differences: [
        `la base nomme la clé ${keyFingerprint(named.publicKey)}`,
        `la clé de l’instance (fichier ou ARCHIVE_SIGNING_KEY) est ${key.fingerprint}`,
      ],
    });
  }
  const archives = await db
    .select({ id: ledgerArchives.id, fileName: ledgerArchives.fileName, createdAt: ledgerArchives.createdAt })
    .from(ledgerArchives)
    .where(eq(ledgerArchives.companyId, companyId))
    .orderBy(asc(ledgerArchives.id));
  const heads: { seq: number; hash: string; archive: (typeof archives)[number] }[] = [];
  for (const archive of archives) {
    const place = { kind: 'archive', reference: archive.fileName, recordedAt: archive.createdAt.toISOString() };
    const part = await signedPartOf(db, archive.id);
    let manifest: ReturnType<typeof archiveManifestSchema.safeParse> | undefined;
    try {
      manifest = part ? archiveManifestSchema.safeParse(JSON.parse(decoder.decode(part.manifest))) : undefined;
    } catch {}
    let signed = false;
    try {
      const signature = Buffer.from(decoder.decode(part?.signature).trim(), 'base64');
      signed = part !== null && verify(null, part.manifest, key.publicKey, signature);
    } catch {}
    if (!signed || !manifest?.success) {
      problems.push({
        ...place,
        seq: 0,
        problem: 'signing-key',
        differences: [
          manifest?.success ? 'manifest.json non signé par la clé de l’instance' : 'manifest.json signé introuvable',
        ],
      });
      continue;
    }
    heads.push({ seq: manifest.data.chain.throughSeq, hash: manifest.data.chain.headHash, archive });
  }
  // The head each signed archive holds is a published one too: the key that signed it is not in the database.
  const stored = await hashesAt(
    db,
    companyId,
    heads.map((head) => head.seq),
  );
  for (const { seq, hash, archive } of heads) {
    if (stored.get(seq) === hash) continue;
    problems.push({
      seq,
      problem: 'head-differs',
      kind: 'archive',
      reference: archive.fileName,
      recordedAt: archive.createdAt.toISOString(),
      differences: differs(hash, 'signée dans l’archive', stored.get(seq)),
    });
  }
  return problems;
}

/** What differs from the anchors, in the report's problem form (French). */
export async function anchorProblems(
  db: Database,
  companyId: number,
  anchors: IntegrityAnchors,
): Promise<IntegrityProblem[]> {
  const problems = await publishedHeadProblems(db, companyId, await anchors.published(companyId));
  let key: ArchiveKey;
  try {
    key = await anchors.signingKey();
  } catch (error) {
    return [...problems, { ...noPlace, problem: 'signing-key', differences: [(error as Error).message] }];
  }
  return [...problems, ...(await keyProblems(db, companyId, key))];
}
