import { htmlToText } from 'contracts';
import type { Database } from '../../db';
import {
  type DispatchLoop,
  type DispatchLoopOptions,
  type DispatchOptions,
  type DispatchResult,
  dispatchPending,
  startDispatchLoop,
} from '../outbox/dispatch';
import type { MailTransport } from './smtp-transport';

export interface SendPendingMailsOptions extends Omit<DispatchOptions, 'channel' | 'deliver'> {
  /** The `From` of every mail (`MAIL_FROM`). */
  from: string;
}

// Writers put HTML (notifications: escaped lines joined by <br>) or plain text with newlines (activation,
// invitation) in `body`; plain text sent as HTML would lose its line breaks and let names inject markup.
const HTML_TAG = /<(br|p|div|span|a|b|i|u|em|strong|ul|ol|li|h[1-6]|table|img)\b[^>]*>|<\/[a-z][a-z0-9]*>/i;

// PGlite reads bytea as a Uint8Array, node-postgres as a Buffer; nodemailer wants a Buffer.
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** What the message is made of: the outbox row's columns (a document's mail has the last four). */
export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
  cc?: string | null;
  documentId?: number | null;
  attachmentName?: string | null;
  attachment?: Uint8Array | null;
}

/**
 * The message of an outbox row: HTML with its plain-text alternative, or plain text only; its copy and its attached
 * PDF when it has them. A document's mail is text typed by staff: plain text whatever it holds.
 */
export function mailMessage(row: OutboxMail, from: string) {
  const base = {
    from,
    to: row.to,
    ...(row.cc ? { cc: row.cc } : {}),
    subject: row.subject,
    ...(row.attachment
      ? {
          attachments: [
            {
              filename: row.attachmentName || 'document.pdf',
              content: asBuffer(row.attachment),
              contentType: 'application/pdf',
            },
          ],
        }
      : {}),
  };
  return row.documentId == null && HTML_TAG.test(row.body)
    ? { ...base, html: row.body, text: htmlToText(row.body) }
    : { ...base, text: row.body };
}

const mailDelivery = (transport: MailTransport, from: string) => async (row: OutboxMail) => {
  await transport.sendMail(mailMessage(row, from));
  return undefined;
};

/** One pass over the outbox's mails (`dispatchPending` with SMTP as the way out). */
export function sendPendingMails(
  db: Database,
  transport: MailTransport,
  { from, ...options }: SendPendingMailsOptions,
): Promise<DispatchResult> {
  return dispatchPending(db, { ...options, channel: 'mail', deliver: mailDelivery(transport, from) });
}

export interface MailLoopOptions extends Omit<DispatchLoopOptions, 'channel' | 'deliver'> {
  from: string;
}

/** Sends the mails now, then every `pollMs` (at once after a full batch, to drain a backlog). */
export function startMailLoop(
  db: Database,
  transport: MailTransport,
  { from, ...options }: MailLoopOptions,
): DispatchLoop {
  return startDispatchLoop(db, { ...options, channel: 'mail', deliver: mailDelivery(transport, from) });
}
