/**
 * « Import depuis l’ancien logiciel » at its largest: 50,000 customers, each with a vehicle, in a Windows-1252 CSV
 * with semicolons (as French garage software exports them), read, checked by a dry run, then imported in one
 * transaction, and imported again (nothing changes). Prints each step's time and the process's peak memory; target:
 * the import under 60 s on this machine. PGlite by default (the product's default driver), PostgreSQL with
 * DATABASE_URL. Times are printed, never asserted.
 *
 *   pnpm bench:import   [BENCH_ROWS=50000 DATABASE_URL=postgres://...]
 */
import { performance } from 'node:perf_hooks';
import { IMPORT_MAX_ROWS, type ImportMapping } from 'contracts';
import { companies } from '../src/db/schema';
import { checkOrRun, createDraft } from '../src/modules/imports/repository';
import { int, openDatabase, seconds } from './harness';

const ROWS = Number(process.env.BENCH_ROWS ?? IMPORT_MAX_ROWS);
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

// The SIV alphabet: no I, O nor U.
const SIV = 'ABCDEFGHJKLMNPQRSTVWXYZ';
const letters = (n: number) => `${SIV[Math.floor(n / SIV.length) % SIV.length]}${SIV[n % SIV.length]}`;

/** Row `n` of the former software's export: a customer and their car, a unique SIV plate each. */
const line = (n: number) =>
  [
    `CL${n}`,
    n % 2 ? 'Monsieur' : 'Mme',
    `Durand-Lefèvre ${n}`,
    'Hélène',
    `06${String(n).padStart(8, '0')}`,
    `client${n}@exemple.fr`,
    `${n} rue de la Forêt`,
    '69003',
    'Lyon',
    `${letters(Math.floor(n / 1000))}-${String(n % 1000).padStart(3, '0')}-BC`,
    'Peugeot',
    '308',
    String(n * 7),
  ].join(';');

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} Mo`;

async function main() {
  const opened = await openDatabase(driver, 'import');
  try {
    const db = opened.handle.db;
    const [company] = await db.insert(companies).values({ name: 'Garage du banc d’essai' }).returning();
    if (!company) throw new Error('no company');
    const header = 'Code client;Civilité;Nom;Prénom;Téléphone;E-mail;Adresse;CP;Ville;Immatriculation;Marque;Modèle;Km';
    const text = [header, ...Array.from({ length: ROWS }, (_, n) => line(n))].join('\r\n');
    const bytes = Buffer.from(text, 'latin1');
    console.log(`${driver}: ${int(ROWS)} rows, ${megabytes(bytes.length)} of CSV`);

    let at = performance.now();
    const { row } = await createDraft(db, {
      companyId: company.id,
      userId: null,
      kind: 'customers',
      fileName: 'clients.csv',
      bytes,
    });
    console.log(`upload (file kept, read, columns guessed): ${seconds(at)}`);
    const mapping = row.mapping as ImportMapping;
    const companyIds = [company.id];

    at = performance.now();
    const checked = await checkOrRun(db, companyIds, row.id, mapping, { dryRun: true });
    console.log(`dry run (every row checked and saved, rolled back): ${seconds(at)}`, checked.counts);

    at = performance.now();
    // Progress as the page receives it: each message counted with the time since the previous one.
    const gaps: number[] = [];
    let previous = performance.now();
    const watcher = {
      userId: 0,
      pubsub: {
        listen: async () => async () => undefined,
        notify: async () => {
          gaps.push(performance.now() - previous);
          previous = performance.now();
        },
        close: async () => undefined,
      },
    };
    const done = await checkOrRun(db, companyIds, row.id, mapping, { dryRun: false, watcher });
    const importSeconds = (performance.now() - at) / 1000;
    console.log(`import of ${int(ROWS)} customers and their vehicles: ${importSeconds.toFixed(1)} s`, done.counts);
    console.log(`progress: ${gaps.length} messages, longest silence ${(Math.max(...gaps) / 1000).toFixed(1)} s`);

    const again = await createDraft(db, {
      companyId: company.id,
      userId: null,
      kind: 'customers',
      fileName: 'clients.csv',
      bytes,
    });
    at = performance.now();
    const second = await checkOrRun(db, companyIds, again.row.id, mapping, { dryRun: false });
    console.log(`the same file imported again: ${seconds(at)}`, second.counts);
    console.log(
      `peak memory ${megabytes(peakRss)} (rss); target: import under 60 s: ${importSeconds < 60 ? 'OK' : 'OVER'}`,
    );
  } finally {
    clearInterval(sampler);
    await opened.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
