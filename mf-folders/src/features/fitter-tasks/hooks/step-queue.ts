import type { FitterStep, FitterStepResult } from 'contracts';

/*
 * The fitter's outbox (docs/decisions.md "Fitter steps offline"): every step is written to the browser's storage
 * first, shown as done at once, then sent in order whenever the network allows. Each entry keeps the idempotency
 * key it was born with, so sending it again (a lost answer, a reload) never records it twice on the server.
 * Pure logic: the storage (IndexedDB in the app, a Map in tests), the sender and the clock are given.
 */

export interface QueuedStep {
  /** The idempotency key (a UUID), also the entry's key in storage. */
  key: string;
  /** Whose step it is (the account's e-mail): another account on the same phone never sends it. */
  owner: string;
  folderId: number;
  step: FitterStep;
  /** When the fitter did it (the phone's clock), ISO. */
  doneAt: string;
  comment?: string;
  photo?: Blob;
  photoName?: string;
  /** Order of creation: entries leave in this order. */
  queuedAt: number;
  attempts: number;
}

export interface QueueStorage {
  list(): Promise<QueuedStep[]>;
  put(entry: QueuedStep): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What became of one send: recorded (201, or 200 "already recorded"), refused for good (4xx), or to retry. */
export type SendOutcome =
  | { kind: 'sent'; result: FitterStepResult }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; offline: boolean };

export type StepSender = (entry: QueuedStep) => Promise<SendOutcome>;

export interface Rejection {
  key: string;
  folderId: number;
  step: FitterStep;
  message: string;
}

export interface QueueState {
  /** Entries waiting to be sent, in order. */
  pending: QueuedStep[];
  /** Steps the server refused (dropped from the queue), for the screen to say so. */
  rejected: Rejection[];
  online: boolean;
  sending: boolean;
  /** Steps recorded since the page opened: shown as done until the screen has reloaded its tasks. */
  sent: { folderId: number; step: number; doneAt: string }[];
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
  /** Called after each recorded step (the page refreshes its folder). */
  onSent?: (entry: QueuedStep, result: FitterStepResult) => void;
}

export interface NewStep {
  folderId: number;
  step: FitterStep;
  comment?: string;
  photo?: Blob;
  photoName?: string;
}

/** Backoff between retries after a failed send: 2 s, 4 s, 8 s... one minute at most. */
export const retryDelay = (attempts: number): number => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1));

export class StepQueue {
  private state: QueueState;
  private readonly listeners = new Set<(state: QueueState) => void>();
  private flushing: Promise<void> | undefined;
  private again = false;
  private readonly adding = new Map<string, Promise<QueuedStep>>();
  private cancelRetry: (() => void) | undefined;
  private readonly options: Required<Omit<StepQueueOptions, 'onSent'>> & Pick<StepQueueOptions, 'onSent'>;

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
    const stored = (await this.options.storage.list()).filter((entry) => entry.owner === this.options.owner);
    const known = new Set(this.state.pending.map((entry) => entry.key));
    const pending = [...this.state.pending, ...stored.filter((entry) => !known.has(entry.key))].sort(
      (a, b) => a.queuedAt - b.queuedAt,
    );
    this.set({ pending });
    await this.flush();
  }

  /** A step done now: stored first (it survives a closed tab), shown as pending at once, then sent. */
  add(step: NewStep): Promise<QueuedStep> {
    // A double tap queues the step once.
    const id = `${step.folderId}:${step.step}`;
    const queued = this.state.pending.find((item) => item.folderId === step.folderId && item.step === step.step);
    if (queued) return Promise.resolve(queued);
    const adding = this.adding.get(id) ?? this.store(step).finally(() => this.adding.delete(id));
    this.adding.set(id, adding);
    return adding;
  }

  private async store(step: NewStep): Promise<QueuedStep> {
    const last = this.state.pending.at(-1)?.queuedAt ?? 0;
    const now = this.options.now();
    const entry: QueuedStep = {
      key: this.options.newKey(),
      owner: this.options.owner,
      folderId: step.folderId,
      step: step.step,
      doneAt: now.toISOString(),
      queuedAt: Math.max(now.getTime(), last + 1),
      attempts: 0,
      ...(step.comment ? { comment: step.comment } : {}),
      ...(step.photo ? { photo: step.photo, photoName: step.photoName ?? 'photo.jpg' } : {}),
    };
    await this.options.storage.put(entry);
    this.set({
      pending: [...this.state.pending, entry],
      // A new try of a refused step replaces its refusal.
      rejected: this.state.rejected.filter((item) => !(item.folderId === step.folderId && item.step === step.step)),
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
        await this.options.storage.remove(entry.key);
        this.set({
          pending: this.state.pending.filter((item) => item.key !== entry.key),
          sent: [
            ...this.state.sent,
            { folderId: entry.folderId, step: outcome.result.step, doneAt: outcome.result.doneAt },
          ],
        });
        this.options.onSent?.(entry, outcome.result);
      } else if (outcome.kind === 'refused') {
        await this.options.storage.remove(entry.key);
        this.set({
          pending: this.state.pending.filter((item) => item.key !== entry.key),
          rejected: [
            ...this.state.rejected,
            { key: entry.key, folderId: entry.folderId, step: entry.step, message: outcome.message },
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

/** What the screen shows of one folder: the steps done on the server, plus those still waiting in the queue. */
export function pendingStepsOf(state: QueueState, folderId: number): Map<number, QueuedStep> {
  return new Map(state.pending.filter((entry) => entry.folderId === folderId).map((entry) => [entry.step, entry]));
}
