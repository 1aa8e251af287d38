import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db';
import { seedDemo } from './db/seed';

const config = loadConfig();
const database = await createDatabase(config);
const app = await buildApp({ db: database.db, pubsub: database.pubsub, config });
if (await seedDemo(database.db)) app.log.info('demo data seeded');

let closing = false;
const close = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing');
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while closing');
    process.exit(1);
  }
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });
// From process start (module loading, migrations, seed check) to accepting connections.
const startupMs = Math.round(performance.now());
app.log.info({ startupMs }, `API prête en ${startupMs} ms`);
