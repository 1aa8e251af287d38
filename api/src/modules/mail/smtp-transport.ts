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
  }): Promise<unknown>;
  close?(): void;
}

/**
 * A nodemailer transport for `SMTP_URL`: smtp:// (STARTTLS when offered) or
 * smtps:// (implicit TLS), credentials in the URL, nodemailer's query options
 * (e.g. `?tls.rejectUnauthorized=false`) honoured. One pooled connection,
 * reused across a batch; short timeouts so a dead server fails a mail instead
 * of holding the batch (and its claim lease) for nodemailer's 10 minute default.
 */
export function createSmtpTransport(url: string) {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}

/** The URL without its password, for logs. */
export function redactSmtpUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
