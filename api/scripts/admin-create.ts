/*
 * `pnpm admin:create --email chef@reseau.fr --network "Mon réseau" [--firstname Jeanne] [--name Martin]`: the first
 * account of a real deployment (README, operations). Creates the network's head company and its administrator, and
 * prints the one-time link where they choose their password. Against the database the API uses (DATABASE_URL, else
 * the embedded database in DATA_DIR: stop the API first, an embedded database opens in one process at a time).
 */
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/config';
import { createDatabase } from '../src/db';
import { DomainError } from '../src/lib/domain-error';
import { createFirstAdministrator, firstAdministratorSchema } from '../src/modules/franchise/first-administrator';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    network: { type: 'string' },
    firstname: { type: 'string' },
    name: { type: 'string' },
  },
});
const input = firstAdministratorSchema.safeParse(values);
if (!input.success) {
  for (const issue of input.error.issues) console.error(issue.message);
  process.exit(1);
}

const config = loadConfigOrExit();
const database = await createDatabase(config);
try {
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const created = await createFirstAdministrator(database.db, input.data, origin);
  console.log(`Administrateur créé : ${input.data.email} (réseau « ${input.data.network} »).`);
  console.log(`Lien à ouvrir une seule fois, valable ${created.expiresInHours} heures, pour choisir le mot de passe :`);
  console.log(created.link);
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
