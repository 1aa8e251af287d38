import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { seedDemo } from '../demo/seed';
import type { Database } from './index';
import { companies } from './schema';

/** A start the operator must change a setting or the database for: its French message is all that is printed. */
export class StartRefusal extends Error {}

export const DEMO_DATA_BEHIND_HTTPS =
  'Démarrage refusé : cette base contient la démonstration (comptes au mot de passe public) et le serveur est derrière ' +
  'HTTPS (COOKIE_SECURE=true). Démarrez un garage réel sur une base vide, ou ajoutez ALLOW_DEMO_ON_HTTPS=1 si ce ' +
  'serveur est une démonstration publique voulue.';

/**
 * A database planted by an earlier demo start still serves the demo's accounts, DEMO_SEED or not: behind HTTPS (a real
 * deployment) the start is refused unless the operator says it is a public demo on purpose.
 */
export async function assertNoDemoDataBehindHttps(db: Database, config: AppConfig): Promise<void> {
  if (!config.cookieSecure || config.allowDemoOnHttps) return;
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.demo, true)).limit(1);
  if (demo) throw new StartRefusal(DEMO_DATA_BEHIND_HTTPS);
}

/**
 * The demo is planted only when the start asks for it (`DEMO_SEED=1`: `pnpm start`, `pnpm dev`, the browser tests'
 * server). A real deployment, which never sets it, starts on an empty database and gets its first administrator
 * from `pnpm admin:create` (README, operations).
 */
export async function seedDemoIfAsked(db: Database, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  await assertNoDemoDataBehindHttps(db, config);
  if (!config.demoSeed) return;
  const outcome = await seedDemo(db);
  if (outcome === 'seeded') log.info('demo data seeded');
  if (outcome === 'refused') {
    log.warn('DEMO_SEED=1 ignoré : la base contient des garages réels, la démonstration n’y est jamais plantée');
  }
}
