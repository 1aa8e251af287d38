import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { fecAmount } from 'contracts';
import { checkFec } from './fec-check';

const count = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/*
 * `pnpm fec-check FICHIER.txt`: the DGFiP's structural rules applied to a FEC (ours or another software's), problems
 * printed in French. Exit code 0 when the file passes, 1 when it breaks a rule, 2 when it cannot be read.
 */

export async function runFecCheck(args: string[], cwd: string, print: (line: string) => void): Promise<number> {
  const [file] = args;
  if (!file || args.length > 1) {
    print('Usage : pnpm fec-check FICHIER (ex. 421876541FEC20261031.txt)');
    return 2;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(cwd, file));
  } catch {
    print(`Fichier illisible : ${file}`);
    return 2;
  }
  const report = checkFec(bytes, basename(file));
  const journals = Object.entries(report.journals)
    .map(
      ([code, totals]) =>
        `${code} ${count(totals.entries, 'écriture')} (débit ${fecAmount(totals.debit)}, crédit ${fecAmount(totals.credit)})`,
    )
    .join(' ; ');
  if (report.valid) {
    print(
      `FEC conforme : ${count(report.lines, 'ligne')}, ${count(report.entries, 'écriture')} équilibrée${report.entries > 1 ? 's' : ''}${journals ? ` — ${journals}` : ''}`,
    );
    return 0;
  }
  print(`FEC non conforme : ${report.problemCount} problème(s)`);
  for (const each of report.problems)
    print(each.line === null ? `  fichier : ${each.message}` : `  ligne ${each.line} : ${each.message}`);
  if (report.problemCount > report.problems.length) {
    print(`  … et ${report.problemCount - report.problems.length} autre(s)`);
  }
  return 1;
}
