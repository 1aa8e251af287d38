import { frenchMobile, smsSegments } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { smsOptOuts } from '../../db/schema';
import {
  CancelDelivery,
  type ClaimedMessage,
  type DispatchLoop,
  type DispatchLoopOptions,
  type DispatchOptions,
  type DispatchResult,
  dispatchPending,
  NoSender,
  startDispatchLoop,
} from '../outbox/dispatch';
import type { SmsProvider } from '../sending/sms-provider';

/** The provider of a garage's SMS (`Senders.smsFor`), or null while it has none. */
export type SmsProviderOf = (companyId: number | null) => Promise<SmsProvider | null>;

/** Every SMS through one provider, whatever its garage (the tests' provider). */
export const oneSmsProvider =
  (provider: SmsProvider): SmsProviderOf =>
  async () =>
    provider;

/**
 * Sends one SMS of the outbox: never to a number that replied STOP nor to one that is not a French mobile (both
 * cancelled, not retried); the provider's refusals are retried with the outbox's back-off.
 */
const smsDelivery = (db: Database, providerOf: SmsProviderOf) => async (message: ClaimedMessage) => {
  const provider = await providerOf(message.companyId);
  if (!provider) throw new NoSender();
  const to = frenchMobile(message.to);
  if (!to) throw new CancelDelivery('invalid_number');
  const [optedOut] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, to));
  if (optedOut) throw new CancelDelivery('opt_out');
  const unicode = smsSegments(message.body).encoding === 'UCS-2';
  const { messageId } = await provider.send({ to, text: message.body, unicode });
  return { providerMessageId: messageId };
};

/** One pass over the outbox's due SMS (scheduled reminders wait for their time). */
export function sendPendingSms(
  db: Database,
  providerOf: SmsProviderOf,
  options: Omit<DispatchOptions, 'channel' | 'deliver'> = {},
): Promise<DispatchResult> {
  return dispatchPending(db, { ...options, channel: 'sms', deliver: smsDelivery(db, providerOf) });
}

export function startSmsLoop(
  db: Database,
  providerOf: SmsProviderOf,
  options: Omit<DispatchLoopOptions, 'channel' | 'deliver'>,
): DispatchLoop {
  return startDispatchLoop(db, { ...options, channel: 'sms', deliver: smsDelivery(db, providerOf) });
}
