import type { DeliverySignBody, FitterStep, FitterStepResult } from 'contracts';

/*
 * The fitter's outbox (docs/decisions.md "Fitter steps offline"): every step is written to the browser's storage
 * first, shown as done at once, then sent in order whenever the network allows. Each entry keeps the idempotency
 * key it was born with, so sending it again (a lost answer, a reload) never records it twice on the server.
 * Pure logic: the storage (IndexedDB in the app, a Map in tests), the sender and the clock are given.
 */

interface Queued {
  /** The idempotency key (a UUID), also the entry's key in storage. */
  key: string;
  /** Whose entry it is (the account's e-mail): another account on the same phone never sends it. */
  owner: string;
  folderId: number;
  /** When the fitter did it, or the customer signed (the phone's clock), ISO. */
  doneAt: string;
  /** Order of creation: entries leave in this order. */
  queuedAt: number;
  attempts: number;
}

export interface StepPhoto {
  blob: Blob;
  name: string;
}

/** A step of the fitter (`kind` is absent from entries stored before signatures were queued too). */
export interface QueuedStep extends Queued {
  kind?: 'step';
  step: FitterStep;
  comment?: string;
  photos?: StepPhoto[];
}

/** The customer's signature of the delivery report, made on the phone; sent after the folder's steps. */
export interface QueuedSignature extends Queued {
  kind: 'signature';
  body: Omit<DeliverySignBody, 'idempotencyKey' | 'signedAt'>;
}

export type QueuedEntry = QueuedStep | QueuedSignature;
export const isSignature = (entry: QueuedEntry): entry is QueuedSignature => entry.kind === 'signature';
/** What the screen says an entry is: its step number, or the signature. */
export type EntryWhat = FitterStep | 'signature';
export const whatOf = (entry: QueuedEntry | NewEntry): EntryWhat =>
  entry.kind === 'signature' ? 'signature' : entry.step;

export interface QueueStorage {
  list(): Promise<QueuedEntry[]>;
  put(entry: QueuedEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * What became of one send: recorded (201, or 200 "already recorded"; a step answers its result), refused for good
 * (4xx), or to retry.
 */
export type SendOutcome =
  | { kind: 'sent'; result?: FitterStepResult }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; offline: boolean };

export type StepSender = (entry: QueuedEntry) => Promise<SendOutcome>;

export interface Rejection {
  key: string;
  folderId: number;
  what: EntryWhat;
  message: string;
}

export interface QueueState {
  /** Entries waiting to be sent, in order. */
  pending: QueuedEntry[];
  /** Steps the server refused (dropped from the queue), for the screen to say so. */
  rejected: Rejection[];
  online: boolean;
  sending: boolean;
  /** Steps (and signatures) recorded since the page opened: shown as done until the screen has reloaded its tasks. */
  sent: { folderId: number; what: EntryWhat; doneAt: string }[];
}

export interface StepQueueOptions {
  storage: QueueStorage;
  send: StepSender;
  owner: string;
  isOnline?: () => boolean;
  now?: () => Date;
  newKey?: () => string;
  /** Schedules a retry; answers a cancel function. */
  schedule?: (run: () => void, ms: number) => () => void;
  /**
   * Called, and awaited, for each entry the server recorded, before the entry leaves storage: what the phone keeps
   * of the task learns it first, so a reload at any moment finds the step either still queued or already done.
   */
  onRecorded?: (entry: QueuedEntry, doneAt: string) => Promise<void>;
}

export interface NewStep {
  kind?: 'step';
  folderId: number;
  step: FitterStep;
  comment?: string;
  photos?: StepPhoto[];
}

export interface NewSignature {
  kind: 'signature';
  folderId: number;
  body: QueuedSignature['body'];
}

export type NewEntry = NewStep | NewSignature;

/** An entry stored by an earlier version (one `photo` Blob per step) read as today's. */
function upgraded(entry: QueuedEntry & { photo?: Blob; photoName?: string }): QueuedEntry {
  if (isSignature(entry) || !entry.photo) return entry;
  const { photo, photoName, ...rest } = entry;
  return { ...rest, photos: [{ blob: photo, name: photoName ?? 'photo.jpg' }] };
}

/** Backoff between retries after a failed send: 2 s, 4 s, 8 s... one minute at most. */
export const retryDelay = (attempts: number): number => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1));

export class StepQueue {
  private state: QueueState;
  private readonly listeners = new Set<(state: QueueState) => void>();
  private flushing: Promise<void> | undefined;
  private again = false;
  private readonly adding = new Map<string, Promise<QueuedEntry>>();
  private cancelRetry: (() => void) | undefined;
  private readonly options: Required<Omit<StepQueueOptions, 'onRecorded'>> & Pick<StepQueueOptions, 'onRecorded'>;

  constructor(options: StepQueueOptions) {
    this.options = {
      isOnline: () => true,
      now: () => new Date(),
      newKey: () => crypto.randomUUID(),
      schedule: (run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
      ...options,
    };
    this.state = { pending: [], rejected: [], online: this.options.isOnline(), sending: false, sent: [] };
  }

  getState = (): QueueState => this.state;

  subscribe = (listener: (state: QueueState) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<QueueState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }

  /** Reads what a previous visit left in storage (this account's), then tries to send it. */
  async load(): Promise<void> {
    const stored = (await this.options.storage.list())
      .filter((entry) => entry.owner === this.options.owner)
      .map(upgraded);
    const known = new Set(this.state.pending.map((entry) => entry.key));
    const pending = [...this.state.pending, ...stored.filter((entry) => !known.has(entry.key))].sort(
      (a, b) => a.queuedAt - b.queuedAt,
    );
    this.set({ pending });
    await this.flush();
  }

  /** A step done (or a report signed) now: stored first (it survives a closed tab), shown as pending, then sent. */
  add(step: NewStep): Promise<QueuedStep>;
  add(step: NewEntry): Promise<QueuedEntry>;
  add(step: NewEntry): Promise<QueuedEntry> {
    // A double tap queues the step once.
    const what = whatOf(step);
    const id = `${step.folderId}:${what}`;
    const queued = this.state.pending.find((item) => item.folderId === step.folderId && whatOf(item) === what);
    if (queued) return Promise.resolve(queued);
    const adding = this.adding.get(id) ?? this.store(step).finally(() => this.adding.delete(id));
    this.adding.set(id, adding);
    return adding;
  }

  private async store(step: NewEntry): Promise<QueuedEntry> {
    const last = this.state.pending.at(-1)?.queuedAt ?? 0;
    const now = this.options.now();
    const base = {
      key: this.options.newKey(),
      owner: this.options.owner,
      folderId: step.folderId,
      doneAt: now.toISOString(),
      queuedAt: Math.max(now.getTime(), last + 1),
      attempts: 0,
    };
    const entry: QueuedEntry =
      step.kind === 'signature'
        ? { ...base, kind: 'signature', body: step.body }
        : {
            ...base,
            kind: 'step',
            step: step.step,
            ...(step.comment ? { comment: step.comment } : {}),
            ...(step.photos?.length ? { photos: step.photos } : {}),
          };
    await this.options.storage.put(entry);
    const what = whatOf(entry);
    this.set({
      pending: [...this.state.pending, entry],
      // A new try of a refused step replaces its refusal.
      rejected: this.state.rejected.filter((item) => !(item.folderId === step.folderId && item.what === what)),
    });
    this.flushAgain();
    return entry;
  }

  /** The network came back (or left): sending resumes at once when it is back. */
  setOnline(online: boolean): void {
    this.set({ online });
    if (online) {
      this.cancelRetry?.();
      this.cancelRetry = undefined;
      this.flushAgain();
    }
  }

  dismiss(key: string): void {
    this.set({ rejected: this.state.rejected.filter((item) => item.key !== key) });
  }

  /** Sends the waiting entries in order, one pass at a time; answers the running pass when there is one. */
  flush(): Promise<void> {
    return this.flushing ?? this.startFlush();
  }

  /** A new step, or the network back, during a pass: one more pass after it (it may have stopped before them). */
  private flushAgain(): void {
    if (this.flushing) this.again = true;
    else void this.startFlush();
  }

  private startFlush(): Promise<void> {
    this.flushing = (async () => {
      this.set({ sending: true });
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again);
      } finally {
        this.flushing = undefined;
        this.set({ sending: false });
      }
    })();
    return this.flushing;
  }

  private async pass(): Promise<void> {
    // A folder whose step must be retried keeps its later steps back (they would be refused out of order).
    const heldBack = new Set<number>();
    let retryAfter: number | undefined;
    for (const entry of [...this.state.pending]) {
      if (!this.options.isOnline()) {
        if (this.state.online) this.set({ online: false });
        return;
      }
      if (heldBack.has(entry.folderId)) continue;
      let outcome: SendOutcome;
      try {
        outcome = await this.options.send(entry);
      } catch {
        outcome = { kind: 'retry', offline: true };
      }
      if (outcome.kind === 'sent') {
        const doneAt = outcome.result?.doneAt ?? entry.doneAt;
        await this.options.onRecorded?.(entry, doneAt).catch(() => undefined);
        await this.options.storage.remove(entry.key);
        this.set({
          pending: this.state.pending.filter((item) => item.key !== entry.key),
          sent: [...this.state.sent, { folderId: entry.folderId, what: whatOf(entry), doneAt }],
        });
      } else if (outcome.kind === 'refused') {
        await this.options.storage.remove(entry.key);
        this.set({
          pending: this.state.pending.filter((item) => item.key !== entry.key),
          rejected: [
            ...this.state.rejected,
            { key: entry.key, folderId: entry.folderId, what: whatOf(entry), message: outcome.message },
          ],
        });
      } else {
        const updated = { ...entry, attempts: entry.attempts + 1 };
        await this.options.storage.put(updated);
        this.set({ pending: this.state.pending.map((item) => (item.key === entry.key ? updated : item)) });
        const delay = retryDelay(updated.attempts);
        retryAfter = retryAfter === undefined ? delay : Math.min(retryAfter, delay);
        // No network at all: nothing else will get through either.
        if (outcome.offline) break;
        heldBack.add(entry.folderId);
      }
    }
    if (retryAfter !== undefined) {
      this.cancelRetry?.();
      this.cancelRetry = this.options.schedule(() => {
        this.cancelRetry = undefined;
        void this.flush();
      }, retryAfter);
    }
  }
}

/** The folder's delivery report signed on this phone and not sent yet, if any. */
export const pendingSignatureOf = (state: QueueState, folderId: number): QueuedSignature | undefined =>
  state.pending.filter(isSignature).find((entry) => entry.folderId === folderId);
