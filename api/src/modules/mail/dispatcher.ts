import { htmlToText } from 'contracts';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import { outbox } from '../../db/schema';
import type { MailTransport } from './smtp-transport';

/** Wait after the 1st, 2nd... failure; the last one repeats until `maxAttempts`. */
export const RETRY_DELAYS_MS = [
  60_000, // 1 min
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
];
/** After this many failed attempts a mail stays unsent, with its last error, for an operator to see. */
export const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
/**
 * How long a claimed mail is reserved for the instance sending it. Longer than a
 * batch can take with the transport's timeouts; if the instance dies mid-batch,
 * its mails are claimed again after this.
 */
const LEASE_MS = 15 * 60_000;
const ERROR_MAX_LENGTH = 1000;

export interface SendPendingMailsOptions {
  /** The `From` of every mail (`MAIL_FROM`). */
  from: string;
  batchSize?: number;
  maxAttempts?: number;
  leaseMs?: number;
  /** Aborting stops before the next mail and hands the rest of the batch back at once. */
  signal?: AbortSignal;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export interface SendResult {
  sent: number;
  failed: number;
}

export const retryDelayMs = (attempts: number): number =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0] ?? 60_000;

const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

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
  attachment?: Buffer | null;
}

/**
 * The message of an outbox row: HTML with its plain-text alternative, or plain text only; its copy and its attached
 * PDF when it has them. A document's mail (issue 22) is text typed by staff: plain text whatever it holds.
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

function errorText(error: unknown): string {
  const { code, message } = error instanceof Error ? (error as Error & { code?: string }) : { code: '', message: '' };
  const text = `${code ? `${code}: ` : ''}${message || String(error)}`;
  return text.slice(0, ERROR_MAX_LENGTH);
}

/**
 * One pass over the outbox: claims up to `batchSize` due mails (oldest first),
 * sends them, records each outcome. SMS rows are never touched.
 *
 * The claim is ONE statement (its own transaction): `for update skip locked`
 * makes concurrent instances take disjoint rows, and the claim pushes
 * `next_attempt_at` a lease ahead and counts the attempt. Sending happens after
 * that commit: holding a transaction open during SMTP round trips would pin a
 * pool connection (on PGlite, THE connection, i.e. every request) for that long.
 * Delivery is at-least-once only if an instance dies between the server's 250
 * and the `sent_at` update.
 */
export async function sendPendingMails(
  db: Database,
  transport: MailTransport,
  options: SendPendingMailsOptions,
): Promise<SendResult> {
  const { batchSize = BATCH_SIZE, maxAttempts = MAX_ATTEMPTS, leaseMs = LEASE_MS, signal, log } = options;
  const result: SendResult = { sent: 0, failed: 0 };
  if (signal?.aborted) return result;

  // Literal predicates (not bound parameters) so the planner matches the partial index outbox_mail_pending_idx.
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        sql`${outbox.channel} = 'mail'`,
        sql`${outbox.sentAt} is null`,
        lt(outbox.attempts, maxAttempts),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, sql`now()`)),
      ),
    )
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: inMs(leaseMs) })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      body: outbox.body,
      cc: outbox.cc,
      documentId: outbox.documentId,
      attachmentName: outbox.attachmentName,
      attachment: outbox.attachment,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
    });
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);

  for (const [index, mail] of claimed.entries()) {
    if (signal?.aborted) {
      // Closing: give the unsent rest back now rather than after the lease.
      const rest = claimed.slice(index).map((row) => row.id);
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: null })
        .where(inArray(outbox.id, rest));
      break;
    }
    let failure: unknown;
    try {
      await transport.sendMail(mailMessage(mail, options.from));
    } catch (error) {
      failure = error ?? new Error('unknown error');
    }
    if (failure === undefined) {
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, lastError: null, nextAttemptAt: null })
        .where(eq(outbox.id, mail.id));
      result.sent += 1;
      log?.info({ outboxId: mail.id, attempts: mail.attempts }, 'mail sent');
      continue;
    }
    const giveUp = mail.attempts >= maxAttempts;
    const lastError = errorText(failure);
    await db
      .update(outbox)
      .set({ lastError, nextAttemptAt: giveUp ? null : inMs(retryDelayMs(mail.attempts)) })
      .where(eq(outbox.id, mail.id));
    result.failed += 1;
    // The recipient's address is personal data: the id is enough to find the row.
    log?.warn(
      { outboxId: mail.id, attempts: mail.attempts, error: lastError },
      giveUp ? 'mail not sent, giving up' : 'mail not sent, will retry',
    );
  }
  return result;
}

export interface MailLoopOptions extends Omit<SendPendingMailsOptions, 'signal' | 'log'> {
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface MailLoop {
  /** Stops the timer, interrupts the batch in flight after its current mail and waits for it. */
  stop(): Promise<void>;
}

/** Runs `sendPendingMails` now, then `pollMs` after each pass (at once after a full batch, to drain a backlog). */
export function startMailLoop(db: Database, transport: MailTransport, options: MailLoopOptions): MailLoop {
  const { pollMs, ...passOptions } = options;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const pass = async () => {
    let delay = pollMs;
    try {
      const { sent, failed } = await sendPendingMails(db, transport, { ...passOptions, signal: controller.signal });
      if (sent + failed >= batchSize) delay = 0;
    } catch (error) {
      options.log.error({ err: error }, 'mail dispatch pass failed');
    }
    if (controller.signal.aborted) return;
    timer = setTimeout(tick, delay);
    // The loop alone must never keep the process alive.
    timer.unref();
  };
  const tick = () => {
    running = pass();
  };
  tick();

  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
