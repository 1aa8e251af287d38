import type { Permission } from 'contracts';
import type { Actors, LowerActor } from './actors';
import type { OwnerRecords } from './owner-records';

/** One call of an operation: its path parameters, query, JSON or multipart body and headers. */
export interface Probe {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  payload?: object;
  multipart?: Record<string, string | Blob>;
  headers?: Record<string, string>;
}

/**
 * How an operation is expected to answer each actor.
 * - `record`: it names one of the owner's records (path): another tenant gets 403 or 404, and not one mark.
 * - `carried`: a write into the caller's own garage whose body names the owner's records: refused (400, 403 or 404).
 * - `list`: it answers over the caller's own scope (lists, searches, statistics, exports): another tenant gets what
 *   it got before the owner's records existed (same rows, counts and totals), with not one mark.
 * - `own`: a write into the caller's own garage naming nothing of the owner's: 2xx, no mark, nothing of the owner's
 *   changed (the snapshot).
 */
export interface MatrixEntry {
  /** The permission of the route's preHandler (contracts' table); `session`: any signed-in user. */
  permission: Permission | 'session';
  scope: 'record' | 'carried' | 'list' | 'own';
  probe: (records: OwnerRecords, actors: Actors) => Probe | Probe[];
  /**
   * The owner's answer when it is not 2xx (per probe when an array); `head`: the network's franchisor calls it;
   * `sees: false`: a list whose answer carries none of the marks (figures, settings), so none is required of it.
   */
  owner?: { status?: number | number[]; actor?: 'head'; sees?: false };
  /** The record is the network's (written by its franchisor): the sibling garage reads it as the owner does. */
  network?: true;
  /** A finer rule than the permission table for a lower role that holds the permission (per probe when an array). */
  lower?: Partial<Record<LowerActor, number | number[]>>;
  why?: string;
}

/** An operation outside the matrix, with the reason and where it is tested. */
export interface Exempt {
  exempt: 'public' | 'test-only' | 'stream';
  why: string;
}
