import { canonicalJson } from '../../lib/canonical-json';
import type { ArchiveManifest } from './archive-format';
import { chainHash, GENESIS_HASH } from './chain';

/*
 * What a signed archive holds, checked from its files: the garage's chain and event log recomputed from the
 * genesis to the heads its manifest names, and each archived record against the record its link chained. Each problem
 * is a French sentence.
 */

interface Chained {
  seq: number;
  kind: string;
  canonical: string;
  previousHash: string;
  hash: string;
}
interface Archived {
  seq: number;
  record: unknown;
  number?: string;
}

/** At most this many problems named per chain: the first ones matter, the rest is counted. */
const MAX_PER_CHAIN = 20;
const decoder = new TextDecoder();

const isChained = (row: unknown): row is Chained => {
  const each = row as Partial<Chained> | null;
  return (
    typeof each?.seq === 'number' &&
    typeof each.canonical === 'string' &&
    typeof each.previousHash === 'string' &&
    typeof each.hash === 'string'
  );
};
const isArchived = (row: unknown): row is Archived => typeof (row as Partial<Archived> | null)?.seq === 'number';

/** The rows of a JSON array file, or undefined (absent: already reported by the manifest's check) with a problem. */
function rowsOf<T>(
  entries: Record<string, Uint8Array>,
  path: string,
  isRow: (row: unknown) => row is T,
  problems: string[],
): T[] | undefined {
  const bytes = entries[path];
  if (!bytes) return undefined;
  let rows: unknown;
  try {
    rows = JSON.parse(decoder.decode(bytes));
  } catch {
    problems.push(`Fichier illisible : ${path} n’est pas du JSON valide`);
    return undefined;
  }
  if (!Array.isArray(rows) || !rows.every(isRow)) {
    problems.push(`Fichier illisible : ${path} n’a pas la forme attendue`);
    return undefined;
  }
  return rows;
}

/** A chain (the records' or the events') recomputed from the genesis: each hash, each place, the head reached. */
function checkChain(rows: Chained[], head: ArchiveManifest['chain'], what: 'maillon' | 'événement') {
  const name = what === 'maillon' ? 'Chaîne' : 'Journal des événements';
  const found: string[] = [];
  let previousHash = GENESIS_HASH;
  let expected = 1;
  for (const row of rows) {
    if (row.seq !== expected) found.push(`${name} : ${what}s ${expected} à ${row.seq - 1} absents`);
    else if (row.previousHash !== previousHash) found.push(`${name} : le ${what} ${row.seq} ne suit pas le précédent`);
    let covered: { seq?: unknown } = {};
    try {
      covered = JSON.parse(row.canonical) as { seq?: unknown };
    } catch {}
    if (chainHash(row.previousHash, row.canonical) !== row.hash || covered.seq !== row.seq) {
      found.push(`${name} : le ${what} ${row.seq} est altéré (son empreinte ne correspond plus à son contenu)`);
    }
    previousHash = row.hash;
    expected = row.seq + 1;
  }
  const headHash = head.throughSeq === 0 ? GENESIS_HASH : head.headHash;
  if (expected - 1 !== head.throughSeq || previousHash !== headHash) {
    found.push(
      `${name} : s’arrête au ${what} ${expected - 1}, d’empreinte ${previousHash}, quand le manifeste annonce le ${what} ${head.throughSeq}, d’empreinte ${head.headHash}`,
    );
  }
  return found.length > MAX_PER_CHAIN
    ? [...found.slice(0, MAX_PER_CHAIN), `${name} : ${found.length - MAX_PER_CHAIN} autres problèmes`]
    : found;
}

/** Each archived record against the record its link chained (`seq`), by canonical JSON. */
function checkRecords(
  path: string,
  entries: Archived[] | undefined,
  links: Map<number, { kind: string; record: unknown }>,
  kinds: string[],
) {
  const found: string[] = [];
  for (const entry of entries ?? []) {
    const link = links.get(entry.seq);
    const what = `${path} : l’enregistrement du maillon ${entry.seq}${entry.number ? ` (${entry.number})` : ''}`;
    if (!link || !kinds.includes(link.kind)) found.push(`${what} n’a pas de maillon de ce type dans la chaîne`);
    else if (canonicalJson(entry.record) !== canonicalJson(link.record)) {
      found.push(`${what} diffère de ce que la chaîne a enregistré`);
    }
  }
  return found;
}

/** The problems found inside the archive's files (`entries`: its files by path). */
export function checkArchiveContents(entries: Record<string, Uint8Array>, manifest: ArchiveManifest): string[] {
  const problems: string[] = [];
  const chain = rowsOf(entries, 'chain.json', isChained, problems);
  const events = rowsOf(entries, 'events.json', isChained, problems);
  if (events) problems.push(...checkChain(events, manifest.events, 'événement'));
  if (!chain) return problems;
  problems.push(...checkChain(chain, manifest.chain, 'maillon'));
  const links = new Map(
    chain.map((link) => {
      let record: unknown = null;
      try {
        record = (JSON.parse(link.canonical) as { record?: unknown }).record;
      } catch {}
      return [link.seq, { kind: link.kind, record }];
    }),
  );
  for (const [path, kinds] of [
    ['records/documents.json', ['invoice', 'credit-note']],
    ['records/payments.json', ['payment']],
    ['closings.json', ['closing']],
  ] as const) {
    problems.push(...checkRecords(path, rowsOf(entries, path, isArchived, problems), links, [...kinds]));
  }
  return problems;
}
