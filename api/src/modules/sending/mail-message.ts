import { htmlToText } from 'contracts';

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
