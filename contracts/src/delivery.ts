/**
 * Where a message of the outbox (a mail or an SMS) stands, read from the dispatcher's columns: sent once the server
 * took it; after a refusal, `retrying` while the dispatcher has a next attempt planned, `failed` once it gave up
 * (no next attempt: an operator must act); otherwise still waiting for its first attempt.
 */
export type DeliveryOutcome = 'pending' | 'sent' | 'retrying' | 'failed';

export function deliveryOutcome(message: {
  sentAt: unknown;
  lastError: string | null;
  nextAttemptAt: unknown;
}): DeliveryOutcome {
  if (message.sentAt) return 'sent';
  if (!message.lastError) return 'pending';
  return message.nextAttemptAt ? 'retrying' : 'failed';
}
