/*
 * `pnpm verify-archive FICHIER.zip [--public-key CLE.pem]`: checks a signed archive from its bytes alone,
 * without the database. A relative path is read from where pnpm was started (INIT_CWD), not from api/.
 */
import { runVerifyArchive } from '../src/modules/ledger/verify-archive-command';

process.exitCode = await runVerifyArchive(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd(), (line) =>
  console.log(line),
);
