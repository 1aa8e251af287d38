import type { Database } from '../../db';
import {
  type ClaimedMessage,
  type DispatchLoop,
  type DispatchLoopOptions,
  type DispatchOptions,
  type DispatchResult,
  dispatchPending,
  NoSender,
  startDispatchLoop,
} from '../outbox/dispatch';
import { mailMessage } from '../sending/mail-message';
import type { MailSender } from '../sending/senders';
import type { MailTransport } from '../sending/smtp-transport';

/** The sender of a garage's mails (`Senders.mailFor`), or null while it has none. */
export type MailSenderOf = (companyId: number | null) => Promise<MailSender | null>;

/** Every mail through one transport and `From`, whatever its garage (the tests' server). */
export const oneMailSender =
  (transport: MailTransport, from: string): MailSenderOf =>
  async () => ({ transport, from });

const mailDelivery = (senderOf: MailSenderOf) => async (message: ClaimedMessage) => {
  const sender = await senderOf(message.companyId);
  if (!sender) throw new NoSender();
  const info = await sender.transport.sendMail(mailMessage(message, sender.from));
  // The Message-ID the server took: what a bounce or the demo sink names.
  return info?.messageId ? { providerMessageId: info.messageId } : undefined;
};

/** One pass over the outbox's mails (`dispatchPending` with SMTP as the way out). */
export function sendPendingMails(
  db: Database,
  senderOf: MailSenderOf,
  options: Omit<DispatchOptions, 'channel' | 'deliver'> = {},
): Promise<DispatchResult> {
  return dispatchPending(db, { ...options, channel: 'mail', deliver: mailDelivery(senderOf) });
}

/** Sends the mails now, then every `pollMs` (at once after a full batch, to drain a backlog). */
export function startMailLoop(
  db: Database,
  senderOf: MailSenderOf,
  options: Omit<DispatchLoopOptions, 'channel' | 'deliver'>,
): DispatchLoop {
  return startDispatchLoop(db, { ...options, channel: 'mail', deliver: mailDelivery(senderOf) });
}
