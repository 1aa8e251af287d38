// temporary experiment helper (deleted after use)
import { createDatabase } from '../src/db';
import { insertFolderBatch, insertReference } from './folders-data';

const total = Number(process.env.N ?? 1_000_000);
const h = await createDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
const ref = await insertReference(h.db);
const now = new Date();
for (let from = 1, b = 0; from <= total; from += 100_000, b++) {
  await insertFolderBatch(h.db, ref, { from, to: Math.min(total, from + 99_999), total, now, seed: (b + 1) / 1000 });
}
await h.close();
console.log('filled');
