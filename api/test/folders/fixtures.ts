import type { FastifyInstance } from 'fastify';
import type { folders } from '../../src/db/schema';
import { insertTestFolder } from '../../test-support/folder-fixture';

/** A folder of the test's own (see insertTestFolder). */
export const createFolder = (
  app: FastifyInstance,
  companyId: number,
  values: Partial<typeof folders.$inferInsert> = {},
) => insertTestFolder(app.db, companyId, values);
