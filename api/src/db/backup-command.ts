import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { REPO_ROOT } from '../api-root';
import { loadConfig } from '../config';
import { countRows, dumpDatabase } from './backup';
import { BACKUP_TOKEN_HEADER, readControl } from './backup-control';
import { lockDataDir } from './data-dir-lock';

type Print = (line: string) => void;

const POSTGRES_BACKUP =
  'DATABASE_URL est défini : la base est un serveur PostgreSQL, sauvegardez-la avec pg_dump et restaurez-la avec pg_restore (README, « Exploitation »).';

const openPglite = (dataDir: string, loadDataDir?: Blob) =>
  PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir });

const stamp = (date: Date) => date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

function printCounts(print: Print, counts: Record<string, number>): void {
  print(
    `  ${Object.entries(counts)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ')}`,
  );
}

/**
 * `pnpm backup [fichier]`: the embedded database's archive (gzipped tar), by default under
 * `.data/backups/garage-<date>.tar.gz`. While the API runs, the API takes it (`GET /api/system/backup` with the
 * token of `<DATA_DIR>.control`); stopped, the command opens the directory itself. The archive is then opened in
 * memory and its tables counted: a backup is known to restore before anyone needs it.
 */
export async function runBackup(args: string[], cwd: string, print: Print, env = process.env): Promise<number> {
  const config = loadConfig(env);
  if (config.databaseUrl) {
    print(POSTGRES_BACKUP);
    return 2;
  }
  const target = resolve(cwd, args[0] ?? join(REPO_ROOT, '.data', 'backups', `garage-${stamp(new Date())}.tar.gz`));
  const started = performance.now();
  let archive: Blob;
  const control = readControl(config.dataDir);
  if (control) {
    const response = await fetch(`http://127.0.0.1:${control.port}/api/system/backup`, {
      headers: { [BACKUP_TOKEN_HEADER]: control.token },
    });
    if (!response.ok) {
      print(`Le serveur (processus ${control.pid}) a refusé la sauvegarde : HTTP ${response.status}.`);
      return 1;
    }
    archive = await response.blob();
    print(`Sauvegarde prise par le serveur en marche (processus ${control.pid}).`);
  } else {
    const unlock = lockDataDir(config.dataDir);
    try {
      const client = await openPglite(config.dataDir);
      archive = await dumpDatabase(client);
      await client.close();
    } finally {
      unlock();
    }
    print('Serveur arrêté : sauvegarde prise directement dans le répertoire de données.');
  }
  mkdirSync(dirname(target), { recursive: true });
  await writeFile(target, Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
  print(`${target} : ${archive.size} octets en ${Math.round(performance.now() - started)} ms.`);
  const check = await openPglite('memory://', archive);
  try {
    print('Vérifiée (ouverte en mémoire) :');
    printCounts(print, await countRows(check));
  } finally {
    await check.close();
  }
  return 0;
}

/**
 * `pnpm restore <fichier>`: puts an archive of `pnpm backup` back as the embedded database, the API stopped. The
 * current data directory is kept aside (`<DATA_DIR>.avant-restauration-<date>`), never deleted.
 */
export async function runRestore(args: string[], cwd: string, print: Print, env = process.env): Promise<number> {
  const config = loadConfig(env);
  if (config.databaseUrl) {
    print(POSTGRES_BACKUP);
    return 2;
  }
  const [file] = args;
  if (!file) {
    print('Usage : pnpm restore <fichier.tar.gz> (le serveur arrêté)');
    return 2;
  }
  let archive: Blob;
  try {
    archive = new Blob([await readFile(resolve(cwd, file))]);
  } catch (error) {
    print(`Lecture impossible : ${(error as Error).message}`);
    return 2;
  }
  const { dataDir } = config;
  // Refuses while a server holds the directory (its lock names the process).
  const unlock = lockDataDir(dataDir);
  try {
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
      const aside = `${dataDir}.avant-restauration-${stamp(new Date())}`;
      renameSync(dataDir, aside);
      print(`Base actuelle mise de côté : ${aside}`);
    }
    const client = await openPglite(dataDir, archive);
    try {
      print(`Restaurée dans ${dataDir} :`);
      printCounts(print, await countRows(client));
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
  return 0;
}
