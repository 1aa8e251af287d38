import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from './index';
import { seedDemo } from './seed';

/**
 * The demo is planted only when the start asks for it (`DEMO_SEED=1`: `pnpm start`, `pnpm dev`, the browser tests'
 * server). A real deployment, which never sets it, starts on an empty database and gets its first administrator
 * from `pnpm admin:create` (README, operations).
 */
export async function seedDemoIfAsked(db: Database, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  if (!config.demoSeed) return;
  const outcome = await seedDemo(db);
  if (outcome === 'seeded') log.info('demo data seeded');
  if (outcome === 'refused') {
    log.warn('DEMO_SEED=1 ignoré : la base contient des garages réels, la démonstration n’y est jamais plantée');
  }
}
