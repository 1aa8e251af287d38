import { frenchMobile, SENDING_MESSAGES, type SendingChannel, type SendingTestResult, smsSegments } from 'contracts';
import { z } from 'zod';
import type { Database } from '../../db';
import { outbox } from '../../db/schema';
import { conflict, invalid } from '../../lib/domain-error';
import { recordRefusal, recordSent } from '../outbox/dispatch';
import { mailMessage } from './mail-message';
import type { Senders } from './senders';

/*
 * « Envoyer un test »: one message through the garage's server now, while the admin waits for the answer. It is an
 * outbox row like any other (the demo sink and the statuses see it), sent at once and never retried: a refusal is
 * what the admin came to read.
 */

const TEST_SUBJECT = 'Message de test du logiciel du garage';
const TEST_TEXT =
  'Ce message confirme que le garage peut envoyer ses e-mails par ce serveur. Aucune réponse n’est attendue.';
const TEST_SMS = 'Test : le garage peut envoyer ses SMS par ce fournisseur.';
// Taken by this send: the dispatchers leave the row alone (a lease as long as theirs).
const leased = () => ({ attempts: 1, nextAttemptAt: new Date(Date.now() + 15 * 60_000) });

async function writeTestRow(db: Database, companyId: number, channel: SendingChannel, to: string, body: string) {
  const [row] = await db
    .insert(outbox)
    .values({
      channel,
      companyId,
      to,
      subject: channel === 'mail' ? TEST_SUBJECT : '',
      body,
      ...(channel === 'sms' ? { segments: smsSegments(body).segments } : {}),
      ...leased(),
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('test message not written');
  return row.id;
}

async function outcome(db: Database, id: number, send: () => Promise<string | undefined>): Promise<SendingTestResult> {
  try {
    await recordSent(db, id, await send());
    return { sent: true, detail: 'Accepté par le serveur : le message est parti' };
  } catch (error) {
    const reason = await recordRefusal(db, id, error, null);
    return { sent: false, detail: `Refusé par le serveur : ${reason}` };
  }
}

export async function sendTestMail(db: Database, senders: Senders, companyId: number, to: string) {
  if (!z.email().safeParse(to).success) throw invalid(SENDING_MESSAGES.to);
  const sender = await senders.mailFor(companyId);
  if (!sender) throw conflict(SENDING_MESSAGES.notConfigured);
  const id = await writeTestRow(db, companyId, 'mail', to, TEST_TEXT);
  return outcome(db, id, async () => {
    const info = await sender.transport.sendMail(
      mailMessage({ to, subject: TEST_SUBJECT, body: TEST_TEXT }, sender.from),
    );
    return info?.messageId;
  });
}

export async function sendTestSms(db: Database, senders: Senders, companyId: number, to: string) {
  const mobile = frenchMobile(to);
  if (!mobile) throw invalid('Numéro de mobile français attendu (06 ou 07)');
  const provider = await senders.smsFor(companyId);
  if (!provider) throw conflict(SENDING_MESSAGES.notConfigured);
  const id = await writeTestRow(db, companyId, 'sms', mobile, TEST_SMS);
  return outcome(db, id, async () => (await provider.send({ to: mobile, text: TEST_SMS, unicode: false })).messageId);
}
