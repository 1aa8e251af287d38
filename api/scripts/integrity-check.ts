/*
 * `pnpm integrity-check [companyId…]`: the operator's integrity check of the inalterable chains, against
 * the database the API uses (DATABASE_URL, else the embedded database in DATA_DIR — stop the API first: an embedded
 * database opens in one process at a time). Every garage with a chain when no id is given. Prints each garage's
 * head and broken records; exits 1 when any chain is broken. Compares with what the database cannot change: the
 * heads published in LEDGER_HEADS_FILE, the signed archives and the key of ARCHIVE_KEY_FILE or
 * ARCHIVE_SIGNING_KEY, as the API does.
 */
import { INTEGRITY_PROBLEM_LABELS, LINK_KIND_LABELS } from 'contracts';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db';
import { ledgerHeads } from '../src/db/schema';
import { ledgerAnchors } from '../src/modules/ledger/anchors';
import { verifyChain } from '../src/modules/ledger/integrity';

const config = loadConfig();
const database = await createDatabase(config);
const anchors = ledgerAnchors(database.db, config.ledgerAnchors, { error: (_, message) => console.error(message) });
try {
  const asked = process.argv
    .slice(2)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const ids =
    asked.length > 0
      ? asked
      : (await database.db.select({ id: ledgerHeads.companyId }).from(ledgerHeads)).map((row) => row.id);
  let broken = 0;
  for (const companyId of ids.sort((a, b) => a - b)) {
    const report = await verifyChain(database.db, companyId, anchors);
    const head = report.head ? `maillon ${report.head.seq}, ${report.head.hash}` : 'chaîne vide';
    console.log(
      `Garage ${companyId} : ${report.valid ? 'intègre' : 'ROMPUE'} — ${report.checked} maillons vérifiés en ${report.durationMs} ms — tête : ${head}`,
    );
    for (const problem of report.problems) {
      const what = [LINK_KIND_LABELS[problem.kind ?? ''] ?? problem.kind, problem.reference].filter(Boolean).join(' ');
      console.log(
        `  maillon ${problem.seq} : ${INTEGRITY_PROBLEM_LABELS[problem.problem]}${what ? ` (${what})` : ''}${problem.differences.length ? ` — ${problem.differences.join(', ')}` : ''}`,
      );
    }
    if (!report.valid) broken += 1;
  }
  process.exitCode = broken > 0 ? 1 : 0;
} finally {
  await database.close();
}
