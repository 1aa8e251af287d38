import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import { outbox } from '../../db/schema';

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
/** After this many failed attempts a message stays unsent, with its last error, for an operator to see. */
export const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
/**
 * How long a claimed message is reserved for the instance sending it. Longer than a batch can take with the
 * transports' timeouts; if the instance dies mid-batch, its messages are claimed again after this.
 */
const LEASE_MS = 15 * 60_000;
const ERROR_MAX_LENGTH = 1000;

export const retryDelayMs = (attempts: number): number =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0] ?? 60_000;

const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** An outbox row as a channel's `deliver` receives it. */
export interface ClaimedMessage {
  id: number;
  companyId: number | null;
  to: string;
  subject: string;
  body: string;
  cc: string | null;
  documentId: number | null;
  attachmentName: string | null;
  attachment: Uint8Array | null;
  attempts: number;
  createdAt: Date;
}

/** Thrown by `deliver` for a message that must never leave (a number that replied STOP, a landline): no retry. */
export class CancelDelivery extends Error {
  constructor(readonly reason: 'opt_out' | 'invalid_number') {
    super(reason);
  }
}

/**
 * Thrown by `deliver` when the message's garage has no server for its channel: handed back untried (its attempt not
 * counted), looked at again in a minute, or at once when a server is saved (sending/settings-repository.ts).
 */
export class NoSender extends Error {
  constructor() {
    super('no sender configured');
  }
}
const NO_SENDER_WAIT_MS = 60_000;

/**
 * What a `deliver` may throw besides an error to retry on the usual back-off: `retryable: false`, a refusal the
 * garage must fix (given up at once, its reason kept); `retryAfterMs`, the wait the server asked for (429, 503).
 */
interface DeliveryFailure {
  retryable?: boolean;
  retryAfterMs?: number | null;
}
const failureOf = (error: unknown): DeliveryFailure =>
  error && typeof error === 'object' ? (error as DeliveryFailure) : {};

export interface DispatchOptions {
  channel: 'mail' | 'sms' | 'platform';
  /** Sends one message; answers the provider's id when it gives one. Throws to retry later. */
  deliver: (message: ClaimedMessage) => Promise<{ providerMessageId?: string } | undefined>;
  batchSize?: number;
  maxAttempts?: number;
  leaseMs?: number;
  /** Aborting stops before the next message and hands the rest of the batch back at once. */
  signal?: AbortSignal;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export interface DispatchResult {
  sent: number;
  failed: number;
}

function errorText(error: unknown): string {
  const { code, message } = error instanceof Error ? (error as Error & { code?: string }) : { code: '', message: '' };
  const text = `${code ? `${code}: ` : ''}${message || String(error)}`;
  return text.slice(0, ERROR_MAX_LENGTH);
}

/** The server took the message: `sent_at`, the provider's id. */
export async function recordSent(db: Database, id: number, providerMessageId: string | undefined): Promise<void> {
  await db
    .update(outbox)
    // The file's bytes leave with the mail: the outbox is a queue, not an archive. Its name and SHA-256 stay as
    // the proof of what was sent (an issued document's original is kept, with that digest, for ten years).
    .set({
      sentAt: sql`now()`,
      lastError: null,
      nextAttemptAt: null,
      providerMessageId: providerMessageId ?? null,
      attachment: null,
    })
    .where(eq(outbox.id, id));
}

/** The server refused: its answer kept, and the next attempt planned (`retryInMs`) or none (given up). */
export async function recordRefusal(
  db: Database,
  id: number,
  failure: unknown,
  retryInMs: number | null,
): Promise<string> {
  const lastError = errorText(failure);
  await db
    .update(outbox)
    .set({ lastError, nextAttemptAt: retryInMs === null ? null : inMs(retryInMs) })
    .where(eq(outbox.id, id));
  return lastError;
}

/**
 * A failed delivery: retried after the server's Retry-After or the back-off, given up after `maxAttempts` or at once
 * for a refusal the garage must fix (counted as the last attempt, so no pass claims it again).
 */
async function recordFailure(
  db: Database,
  message: ClaimedMessage,
  failure: unknown,
  { channel, maxAttempts, log }: Pick<DispatchOptions, 'channel' | 'log'> & { maxAttempts: number },
) {
  const { retryable, retryAfterMs } = failureOf(failure);
  const giveUp = message.attempts >= maxAttempts || retryable === false;
  const lastError = await recordRefusal(
    db,
    message.id,
    failure,
    giveUp ? null : (retryAfterMs ?? retryDelayMs(message.attempts)),
  );
  if (retryable === false && message.attempts < maxAttempts)
    await db.update(outbox).set({ attempts: maxAttempts }).where(eq(outbox.id, message.id));
  // The recipient's address or number is personal data: the id is enough to find the row.
  log?.warn(
    { outboxId: message.id, attempts: message.attempts, error: lastError },
    giveUp ? `${channel} not sent, giving up` : `${channel} not sent, will retry`,
  );
}

/**
 * One pass over one channel of the outbox: claims up to `batchSize` due messages (oldest first), delivers them,
 * records each outcome. The mail and SMS dispatchers are this pass with their own `deliver`.
 *
 * The claim is ONE statement (its own transaction): `for update skip locked` makes concurrent instances take
 * disjoint rows, and the claim pushes `next_attempt_at` a lease ahead and counts the attempt. Delivery happens after
 * that commit: holding a transaction open during SMTP or HTTP round trips would pin a pool connection (on PGlite,
 * THE connection, i.e. every request) for that long. Delivery is at-least-once only if an instance dies between
 * the provider's acceptance and the `sent_at` update.
 */
export async function dispatchPending(db: Database, options: DispatchOptions): Promise<DispatchResult> {
  const { channel, deliver, batchSize = BATCH_SIZE, maxAttempts = MAX_ATTEMPTS, leaseMs = LEASE_MS } = options;
  const { signal, log } = options;
  const result: DispatchResult = { sent: 0, failed: 0 };
  if (signal?.aborted) return result;

  // Literal predicates (not bound parameters) so the planner matches the partial indexes outbox_<channel>_pending_idx.
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        sql`${outbox.channel} = ${sql.raw(`'${channel}'`)}`,
        sql`${outbox.sentAt} is null`,
        sql`${outbox.cancelledAt} is null`,
        lt(outbox.attempts, maxAttempts),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, sql`now()`)),
        // One at a time and in order within a sequence (the statuses of one invoice): an older one unsent holds it.
        sql`(${outbox.sequenceKey} is null or not exists (select 1 from ${outbox} as earlier where earlier.sequence_key = ${outbox.sequenceKey} and earlier.id < ${outbox.id} and earlier.sent_at is null and earlier.cancelled_at is null and earlier.attempts < ${maxAttempts}))`,
      ),
    )
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed: ClaimedMessage[] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: inMs(leaseMs) })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      companyId: outbox.companyId,
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

  for (const [index, message] of claimed.entries()) {
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
    let providerMessageId: string | undefined;
    try {
      providerMessageId = (await deliver(message))?.providerMessageId;
    } catch (error) {
      failure = error ?? new Error('unknown error');
    }
    if (failure === undefined) {
      await recordSent(db, message.id, providerMessageId);
      result.sent += 1;
      log?.info({ outboxId: message.id, attempts: message.attempts }, `${channel} sent`);
      continue;
    }
    if (failure instanceof NoSender) {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: inMs(NO_SENDER_WAIT_MS) })
        .where(eq(outbox.id, message.id));
      continue;
    }
    if (failure instanceof CancelDelivery) {
      await db
        .update(outbox)
        .set({ cancelledAt: sql`now()`, cancelReason: failure.reason, nextAttemptAt: null, attachment: null })
        .where(eq(outbox.id, message.id));
      log?.info({ outboxId: message.id, reason: failure.reason }, `${channel} cancelled`);
      continue;
    }
    await recordFailure(db, message, failure, { channel, maxAttempts, log });
    result.failed += 1;
  }
  return result;
}

export interface DispatchLoopOptions extends Omit<DispatchOptions, 'signal' | 'log'> {
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface DispatchLoop {
  /** Stops the timer, interrupts the batch in flight after its current message and waits for it. */
  stop(): Promise<void>;
}

/** Runs `dispatchPending` now, then `pollMs` after each pass (at once after a full batch, to drain a backlog). */
export function startDispatchLoop(db: Database, options: DispatchLoopOptions): DispatchLoop {
  const { pollMs, ...passOptions } = options;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const pass = async () => {
    let delay = pollMs;
    try {
      const { sent, failed } = await dispatchPending(db, { ...passOptions, signal: controller.signal });
      if (sent + failed >= batchSize) delay = 0;
    } catch (error) {
      options.log.error({ err: error }, `${options.channel} dispatch pass failed`);
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
