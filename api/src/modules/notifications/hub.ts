import {
  CHANGED_STREAM_EVENT,
  changedStreamEventSchema,
  IMPORT_PROGRESS_STREAM_EVENT,
  importProgressStreamEventSchema,
  type NotificationRow,
  UNITS_STREAM_EVENT,
  unitsStreamEventSchema,
} from 'contracts';
import type { z } from 'zod';
import type { Database, PubSub } from '../../db';
import type { Unlisten } from '../../db/pubsub';
import { CHANGES_CHANNEL, IMPORT_PROGRESS_CHANNEL, UNITS_CHANNEL } from '../../db/pubsub';
import { type AnnouncedRow, NOTIFICATIONS_CHANNEL, parseMessage } from './publish';
import { findById, latestId, listAfter, type Owner, toRow } from './repository';

/** How many missed notifications one reconnection may replay; older ones are in the lists anyway. */
export const REPLAY_LIMIT = 500;
export const HEARTBEAT_MS = 15_000;

/** The writable end of one open event stream (a `ServerResponse` in production). */
export interface StreamSink {
  write(chunk: string): boolean;
  end(): void;
}

export const formatEvent = (row: NotificationRow): string => `id: ${row.id}\ndata: ${JSON.stringify(row)}\n\n`;

/**
 * One open event stream of one user. Until `goLive`, live events are held back
 * so that a Last-Event-ID replay and the live feed join without loss or
 * duplicates (a held event may also be in the replay; commits may land out of
 * id order, so duplicates are recognised by id, not by "greater than").
 */
export class StreamConnection {
  private held: NotificationRow[] | null = [];
  private readonly companies: Set<number>;

  constructor(
    readonly owner: Owner,
    private readonly sink: StreamSink,
  ) {
    this.companies = new Set(owner.companyIds);
  }

  /** Whether this connection's session may see a notification of `companyId`. */
  sees(companyId: number): boolean {
    return this.companies.has(companyId);
  }

  deliver(row: NotificationRow): void {
    if (this.held) this.held.push(row);
    else this.send(row);
  }

  /**
   * Sends the replayed rows, then whatever arrived live meanwhile, then streams directly. A first connection (no
   * Last-Event-ID) is first told where it starts (`startId`, the newest notification it may already have): an id
   * without data sets the browser's Last-Event-ID without an event, so a reconnection after a drop (the server
   * restarted) replays what was written meanwhile even when nothing new came before.
   */
  goLive(replayed: readonly NotificationRow[], startId?: number): void {
    if (startId !== undefined) this.sink.write(`id: ${startId}\n\n`);
    const sent = new Set<number>();
    for (const row of replayed) {
      sent.add(row.id);
      this.send(row);
    }
    const held = (this.held ?? []).sort((a, b) => a.id - b.id);
    this.held = null;
    for (const row of held) if (!sent.has(row.id)) this.send(row);
  }

  /**
   * An event of a garage it sees, sent at once with no id (nothing to replay): a balance moved (the next read of
   * UNITÉS is the truth), something changed on the server (the page reads those paths again), an import's progress.
   */
  event(name: string, event: { companyId: number }): void {
    if (this.sees(event.companyId)) this.sink.write(`event: ${name}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  comment(text: string): void {
    this.sink.write(`: ${text}\n\n`);
  }

  close(): void {
    this.sink.end();
  }

  private send(row: NotificationRow): void {
    this.sink.write(formatEvent(row));
  }
}

/** A freshly inserted notification as announced: unread and not archived by construction. */
/** The payload read by its schema; a foreign or malformed payload on the channel is ignored (undefined). */
function parsed<T>(schema: z.ZodType<T>, payload: string): T | undefined {
  try {
    return schema.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

const announcedRecord = (row: AnnouncedRow) => ({
  ...row,
  createdAt: new Date(row.createdAt),
  readAt: null,
  archivedAt: null,
});

/**
 * The per-instance registry of open streams (user id -> connections) and the
 * LISTEN end of the fan-out: whichever instance inserted a notification, each
 * instance hears its NOTIFY and pushes it to its own connections of that user.
 */
export class NotificationHub {
  private readonly byUser = new Map<number, Set<StreamConnection>>();
  private unlisten: Unlisten | undefined;
  private unlistenUnits: Unlisten | undefined;
  private unlistenChanges: Unlisten | undefined;
  private unlistenProgress: Unlisten | undefined;

  constructor(
    private readonly db: Database,
    private readonly pubsub: PubSub,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.pubsub.listen(NOTIFICATIONS_CHANNEL, (payload) => {
      this.onMessage(payload).catch(this.onError);
    });
    this.unlistenUnits ??= await this.pubsub.listen(UNITS_CHANNEL, (payload) => {
      const event = parsed(unitsStreamEventSchema, payload);
      if (event) this.toEveryone(UNITS_STREAM_EVENT, event);
    });
    this.unlistenChanges ??= await this.pubsub.listen(CHANGES_CHANNEL, (payload) => {
      const event = parsed(changedStreamEventSchema, payload);
      if (event) this.toEveryone(CHANGED_STREAM_EVENT, event);
    });
    // An import's progress goes only to the tabs of the person running it.
    this.unlistenProgress ??= await this.pubsub.listen(IMPORT_PROGRESS_CHANNEL, (payload) => {
      const event = parsed(importProgressStreamEventSchema, payload);
      if (!event) return;
      for (const connection of this.byUser.get(event.userId) ?? [])
        connection.event(IMPORT_PROGRESS_STREAM_EVENT, event);
    });
  }

  async stop(): Promise<void> {
    for (const set of this.byUser.values()) for (const connection of set) connection.close();
    this.byUser.clear();
    const unlisten = [this.unlisten, this.unlistenUnits, this.unlistenChanges, this.unlistenProgress];
    this.unlisten = undefined;
    this.unlistenUnits = undefined;
    this.unlistenChanges = undefined;
    this.unlistenProgress = undefined;
    await Promise.all(unlisten.map((stop) => stop?.()));
  }

  /** Registers a connection (holding live events), replays after `lastEventId`, then goes live. */
  async open(connection: StreamConnection, lastEventId: number | undefined): Promise<void> {
    const { userId } = connection.owner;
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(connection);
    if (lastEventId === undefined) {
      // Read after registering: a notification written from here on is held, so none falls between the two.
      connection.goLive([], await latestId(this.db, connection.owner));
      return;
    }
    connection.goLive((await listAfter(this.db, connection.owner, lastEventId, REPLAY_LIMIT)).map(toRow));
  }

  remove(connection: StreamConnection): void {
    const set = this.byUser.get(connection.owner.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byUser.delete(connection.owner.userId);
  }

  get connectionCount(): number {
    let total = 0;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }

  /** To every open stream that sees the event's garage. */
  private toEveryone(name: string, event: { companyId: number }): void {
    for (const set of this.byUser.values()) for (const connection of set) connection.event(name, event);
  }

  private async onMessage(payload: string): Promise<void> {
    const message = parseMessage(payload);
    if (!message || !this.byUser.has(message.userId)) return;
    const record = message.row ? announcedRecord(message.row) : await findById(this.db, message.id);
    if (!record || record.userId !== message.userId) return;
    const row = toRow(record);
    for (const connection of this.byUser.get(message.userId) ?? []) {
      if (connection.sees(record.companyId)) connection.deliver(row);
    }
  }
}
