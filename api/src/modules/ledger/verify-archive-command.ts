import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sha256 } from './archive-format';
import { verifyArchive } from './archive-verify';

/*
 * `pnpm verify-archive FICHIER.zip [--public-key CLE.pem]`: anyone holding an archive checks it without the
 * database. Prints what the archive is, the fingerprint of the key it was checked with (to compare with the Intégrité
 * page's), then « Archive valide » or each problem. Answers the exit code: 0 valid, 1 not valid, 2 misused.
 */

export const USAGE = 'Usage : pnpm verify-archive FICHIER.zip [--public-key CLE.pem]';

export async function runVerifyArchive(args: string[], cwd: string, print: (line: string) => void): Promise<number> {
  const keyAt = args.indexOf('--public-key');
  const keyPath = keyAt >= 0 ? args[keyAt + 1] : undefined;
  const files = keyAt < 0 ? args : args.filter((_, index) => index !== keyAt && index !== keyAt + 1);
  const [file] = files;
  if (!file || files.length > 1 || (keyAt >= 0 && !keyPath)) {
    print(USAGE);
    return 2;
  }
  let zip: Buffer;
  let publicKeyPem: string | undefined;
  try {
    zip = await readFile(resolve(cwd, file));
    publicKeyPem = keyPath ? await readFile(resolve(cwd, keyPath), 'utf8') : undefined;
  } catch (error) {
    print(`Lecture impossible : ${(error as Error).message}`);
    return 2;
  }
  const check = verifyArchive(zip, { publicKeyPem });
  print(`Archive : ${file} (${zip.length} octets, SHA-256 ${sha256(zip)})`);
  if (check.manifest) {
    const { archive, garage, chain } = check.manifest;
    const name = (garage.tradeName as string | null) || (garage.name as string);
    print(
      `Garage ${name} (n° ${garage.id}) — du ${archive.periodStart} au ${archive.periodEnd} — chaîne arrêtée au maillon ${chain.throughSeq}`,
    );
  }
  if (check.fingerprint) {
    print(
      `Clé de signature ${publicKeyPem ? 'attendue' : 'jointe à l’archive'} : empreinte SHA-256 ${check.fingerprint}`,
    );
  }
  for (const note of check.notes) print(`Note : ${note}`);
  if (check.valid) {
    print('Archive valide');
    return 0;
  }
  for (const problem of check.problems) print(`  - ${problem}`);
  print(`Archive NON valide : ${check.problems.length} problème(s)`);
  return 1;
}
