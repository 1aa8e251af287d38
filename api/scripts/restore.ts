/*
 * `pnpm restore <fichier>`: puts a `pnpm backup` archive back as the embedded database, the API stopped; the current
 * directory is kept aside. A relative path is read from where pnpm was started (INIT_CWD), not from api/.
 */
import { runRestore } from '../src/db/backup-command';

process.exitCode = await runRestore(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd(), (line) =>
  console.log(line),
);
