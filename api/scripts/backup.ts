/*
 * `pnpm backup [fichier]`: a consistent archive of the embedded database, the API running or not (docs/decisions.md,
 * README « Exploitation »). A relative path is read from where pnpm was started (INIT_CWD), not from api/.
 */
import { runBackup } from '../src/db/backup-command';

process.exitCode = await runBackup(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd(), (line) =>
  console.log(line),
);
