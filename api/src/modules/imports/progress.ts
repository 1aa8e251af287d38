import type { ImportProgressStreamEvent } from 'contracts';
import type { PubSub } from '../../db';
import { IMPORT_PROGRESS_CHANNEL } from '../../db/pubsub';

/*
 * Where a check or an import stands while its one transaction runs: a step (« Clients », « Véhicules »…) and its rows
 * done, told to the tabs of the person who runs it through the notification stream (`event: import-progress`). A few
 * times a second at most, and always the step's end; a lost message costs nothing (the answer gives the counts).
 */

export interface ImportProgress {
  report(step: string, done: number, total: number): void;
}

/** For work nobody watches (the demo seed, a test). */
export const unwatched: ImportProgress = { report: () => undefined };

const EVERY_MS = 200;

export function importProgress(
  pubsub: PubSub,
  target: Pick<ImportProgressStreamEvent, 'importId' | 'companyId' | 'userId'>,
  now: () => number = Date.now,
): ImportProgress {
  let last = Number.NEGATIVE_INFINITY;
  return {
    report(step, done, total) {
      const at = now();
      if (done < total && at - last < EVERY_MS) return;
      last = at;
      const event: ImportProgressStreamEvent = { ...target, step, done, total };
      void pubsub.notify(IMPORT_PROGRESS_CHANNEL, JSON.stringify(event)).catch(() => undefined);
    },
  };
}
