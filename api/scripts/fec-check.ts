/*
 * `pnpm fec-check FICHIER.txt`: the DGFiP's structural check of a FEC, from its bytes alone, without the
 * database. A relative path is read from where pnpm was started (INIT_CWD), not from api/.
 */
import { runFecCheck } from '../src/modules/accounting/fec-check-command';

process.exitCode = await runFecCheck(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd(), (line) =>
  console.log(line),
);
