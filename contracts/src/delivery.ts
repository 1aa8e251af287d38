/**
 * Where a message of the outbox (a mail or an SMS) stands, read from the dispatcher's columns: sent once the server
 * took it; not tried yet, `no_server` while no sending server is configured for its channel (it waits in the outbox,
 * nothing tries it), else `pending`; after a refusal, `retrying` while the dispatcher has a next attempt planned, `failed` once it gave up (no next
 * attempt: an operator must act).
 */
export type DeliveryOutcome = 'pending' | 'sent' | 'retrying' | 'failed' | 'no_server';

export function deliveryOutcome(
  message: {
    sentAt: unknown;
    lastError: string | null;
    nextAttemptAt: unknown;
  },
  /** Whether a sending server is configured for the message's channel. */
  configured = true,
): DeliveryOutcome {
  if (message.sentAt) return 'sent';
  if (!message.lastError) return configured ? 'pending' : 'no_server';
  return message.nextAttemptAt ? 'retrying' : 'failed';
}

/** Said of a message that waits because no sending server is configured. */
export const NO_SERVER_LABEL = 'Aucun serveur d’envoi configuré : le message attend dans la file d’envoi';
/** A refusal as the person reads it: the server's answer, and when the next attempt is. */
export const retryLabel = (nextAttempt: string) => `Refusé, nouvel essai à ${nextAttempt}`;
