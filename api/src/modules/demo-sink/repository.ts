import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db';
import { outbox } from '../../db/schema';
import type { SinkMessage } from './sink';

/**
 * The sink's messages the user may read: those one of their garages' outbox rows names (by the Message-ID or the
 * provider's id the row kept when it left). The sink itself knows no garage.
 */
export async function visibleMessages(
  db: Database,
  companyIds: readonly number[],
  messages: readonly SinkMessage[],
): Promise<SinkMessage[]> {
  const ids = messages.map((message) => message.providerId).filter(Boolean);
  if (ids.length === 0 || companyIds.length === 0) return [];
  const rows = await db
    .select({ id: outbox.providerMessageId })
    .from(outbox)
    .where(
      and(
        inArray(outbox.companyId, [...companyIds]),
        isNotNull(outbox.providerMessageId),
        inArray(outbox.providerMessageId, ids),
      ),
    );
  const mine = new Set(rows.map((row) => row.id));
  return messages.filter((message) => mine.has(message.providerId));
}
