import type { Transaction } from '../../db';
import { folderStatuses, knownBy } from '../../db/schema';
import { DEFAULT_KNOWN_BY, DEFAULT_STATUSES } from '../folders/defaults';

/**
 * What every garage starts with, whoever creates it (a franchisor's new centre, a browser test's garage): the
 * folder statuses and the "known by" list the demo companies have. Call it inside the creating transaction.
 */
export async function insertCompanyDefaults(tx: Transaction, companyId: number): Promise<void> {
  await tx.insert(folderStatuses).values(DEFAULT_STATUSES.map((status) => ({ ...status, companyId })));
  await tx.insert(knownBy).values(DEFAULT_KNOWN_BY.map((label) => ({ companyId, label })));
}
