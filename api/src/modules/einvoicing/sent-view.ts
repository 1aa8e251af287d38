import { type DocumentPlatform, PLATFORM_MESSAGES, platformStatusLabel } from 'contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, documentLifecycle, outbox } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { iso } from '../../lib/iso-date';

/** An issued document of the user's garages on the platform: its deposit (or why it waits) and its statuses. */
export async function documentPlatform(
  db: Database,
  companyIds: number[],
  documentId: number,
): Promise<DocumentPlatform> {
  const [document] = await db
    .select({ status: billingDocuments.platformStatus })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, documentId), inArray(billingDocuments.companyId, companyIds)));
  if (!document) throw notFound(PLATFORM_MESSAGES.documentNotFound);
  const [deposit] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'platform'), eq(outbox.documentId, documentId)))
    .orderBy(asc(outbox.id))
    .limit(1);
  const events = await db
    .select()
    .from(documentLifecycle)
    .where(eq(documentLifecycle.documentId, documentId))
    .orderBy(asc(documentLifecycle.at), asc(documentLifecycle.id));
  return {
    status: document.status,
    label: platformStatusLabel(document.status),
    deposit: deposit
      ? {
          queuedAt: deposit.createdAt.toISOString(),
          sentAt: iso(deposit.sentAt),
          lastError: deposit.lastError,
          nextAttemptAt: deposit.sentAt ? null : iso(deposit.nextAttemptAt),
          flowId: deposit.providerMessageId,
        }
      : null,
    events: events.map((event) => ({
      code: event.code,
      label: event.label,
      reason:
        event.reasonCode || event.reasonText ? { code: event.reasonCode ?? '', text: event.reasonText ?? '' } : null,
      at: event.at.toISOString(),
    })),
  };
}
