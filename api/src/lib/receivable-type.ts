import { RECEIVABLE_TYPES } from 'contracts';
import { sql } from 'drizzle-orm';

/**
 * A document something can be owed on: the garage's invoices and the opening balances imported from its former
 * software (the constants written in the text, as the partial indexes on insurer invoices read them).
 */
export const isReceivableType = sql.raw(
  `"billing_documents"."type" in (${RECEIVABLE_TYPES.map((type) => `'${type}'`).join(', ')})`,
);
