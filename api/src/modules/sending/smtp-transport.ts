import type { MailServer } from 'contracts';
import nodemailer from 'nodemailer';

/** A file sent with a mail (a document's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What the dispatcher needs of a transport: nodemailer's `sendMail` (a fake in a test would do). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    cc?: string;
    subject: string;
    html?: string;
    text: string;
    attachments?: MailAttachment[];
  }): Promise<{ messageId?: string } | undefined>;
  close(): void;
}

// One pooled connection, reused across a batch; short timeouts so a dead server fails a mail instead of holding the
// batch (and its claim lease) for nodemailer's 10 minute default.
const POOL = {
  pool: true,
  maxConnections: 1,
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
};

/**
 * A nodemailer transport for `SMTP_URL` (smtp:// STARTTLS when offered, smtps:// implicit TLS, credentials in the URL,
 * nodemailer's query options such as `?tls.rejectUnauthorized=false` honoured), or for a garage's server as its
 * settings say (`security`: STARTTLS required, implicit TLS, or none on a local network).
 */
export function createSmtpTransport(server: string | (MailServer & { password: string })): MailTransport {
  if (typeof server === 'string') return nodemailer.createTransport({ url: server, ...POOL });
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    ...(server.username ? { auth: { user: server.username, pass: server.password } } : {}),
    ...POOL,
  });
}

/** The URL without its password, for logs. */
export function redactSmtpUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** `"Vitrage Express Lyon" <lyon@garage.fr>`: the name quoted (its own quotes escaped), or the address alone. */
export const senderAddress = (name: string, address: string) =>
  name ? `${JSON.stringify(name)} <${address}>` : address;
