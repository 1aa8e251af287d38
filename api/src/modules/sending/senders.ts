import { randomBytes } from 'node:crypto';
import type { SenderSource, SendingChannel } from 'contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, DEFAULT_MAIL_FROM } from '../../config';
import type { Database } from '../../db';
import { openSecret, secretKeyOf } from '../../lib/secret-box';
import { mailServerOf, type SettingRow, settingRows, smsProviderOf } from './settings-repository';
import { brevoSmsProvider, type SmsProvider } from './sms-provider';
import { createSmtpTransport, type MailTransport, redactSmtpUrl, senderAddress } from './smtp-transport';

/** How one garage's mails leave: the transport and the `From` its setting says. */
export interface MailSender {
  transport: MailTransport;
  from: string;
}

/** Which transport or provider a garage's message uses, chosen when it leaves (a setting saved applies at once). */
export interface Senders {
  mailFor(companyId: number | null): Promise<MailSender | null>;
  smsFor(companyId: number | null): Promise<SmsProvider | null>;
  /** Who set the channel the garage's messages use: what the statuses and « Mise en route » say. */
  sourceFor(companyId: number, channel: SendingChannel): Promise<SenderSource>;
  /** The key sealing the stored secrets. */
  readonly key: Buffer;
  close(): void;
}

/** A stored secret could not be opened: sealed under another key (its file lost). Retried: the garage types it again. */
export class UnreadableSecret extends Error {
  code = 'SECRET';
  constructor() {
    super('mot de passe ou clé illisible (clé du serveur changée) : ressaisissez-le dans « Envoi des e-mails et SMS »');
  }
}

/**
 * The garages' senders: each message of the outbox looks its garage's setting up (the garage's, its network's, else
 * the server's environment). Transports are kept per setting and version, so a batch reuses its SMTP connection and
 * a setting saved again gets a new one.
 */
export function createSenders(db: Database, config: AppConfig, log?: Pick<FastifyBaseLogger, 'info'>): Senders {
  const key = secretKeyOf(config.secretsKey ?? randomBytes(32).toString('hex'));
  const transports = new Map<string, MailTransport>();
  let serverTransport: MailTransport | undefined;

  const secretOf = (row: SettingRow) => {
    if (!row.secret) return '';
    const secret = openSecret(key, row.secret);
    if (secret === null) throw new UnreadableSecret();
    return secret;
  };

  const chosen = async (companyId: number | null, channel: SendingChannel) => {
    if (companyId === null) return null;
    const rows = await settingRows(db, companyId, channel);
    return rows.garage ?? rows.network;
  };

  const transportOf = (row: SettingRow): MailTransport => {
    const version = `${row.id}:${row.updatedAt.getTime()}`;
    const kept = transports.get(version);
    if (kept) return kept;
    for (const [other, transport] of transports) {
      if (other.startsWith(`${row.id}:`)) {
        transport.close();
        transports.delete(other);
      }
    }
    const transport = createSmtpTransport({ ...mailServerOf(row), password: secretOf(row) });
    transports.set(version, transport);
    return transport;
  };

  const fromServer = (): MailSender | null => {
    if (!config.smtpUrl) return null;
    if (!serverTransport) {
      serverTransport = createSmtpTransport(config.smtpUrl);
      log?.info({ smtp: redactSmtpUrl(config.smtpUrl) }, 'server SMTP transport opened');
    }
    return { transport: serverTransport, from: config.mailFrom ?? DEFAULT_MAIL_FROM };
  };

  return {
    key,
    async mailFor(companyId) {
      const row = await chosen(companyId, 'mail');
      if (!row) return fromServer();
      const server = mailServerOf(row);
      return { transport: transportOf(row), from: senderAddress(server.fromName, server.fromAddress) };
    },
    async smsFor(companyId) {
      const row = await chosen(companyId, 'sms');
      if (!row) return config.sms ? brevoSmsProvider(config.sms) : null;
      const provider = smsProviderOf(row);
      return brevoSmsProvider({ ...provider, apiUrl: provider.apiUrl.replace(/\/+$/, ''), apiKey: secretOf(row) });
    },
    async sourceFor(companyId, channel) {
      const rows = await settingRows(db, companyId, channel);
      if (rows.garage) return 'garage';
      if (rows.network) return 'network';
      const server = channel === 'mail' ? config.smtpUrl : config.sms;
      return server ? 'server' : 'none';
    },
    close() {
      for (const transport of transports.values()) transport.close();
      transports.clear();
      serverTransport?.close();
    },
  };
}
