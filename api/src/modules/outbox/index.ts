/**
 * The outbox holds every mail and SMS until a sender takes it (the mail and sms modules poll it with `dispatch.ts`):
 * a message is written in the same transaction as what it announces, so nothing is sent for a change rolled back.
 * No routes of its own.
 */
export const URL_PREFIXES: string[] = [];
