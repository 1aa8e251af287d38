import type { FitterTask, FitterTasksResponse } from 'contracts';
import { ApiError } from 'shared-ui';
import { type DayStorage, indexedDbDays, type SavedDay } from './idb-storage';

/*
 * The fitter's day kept on the phone (docs/decisions.md "Fitter's app offline"): the last list read from the server
 * is saved per account in IndexedDB, so `/calendar/tasks` and each task open in a basement, after a reload too. It
 * holds what the list shows (names, plate, city, steps), never a phone number or street address.
 */
let days: DayStorage | undefined;
const storage = (): DayStorage | undefined => {
  if (typeof indexedDB === 'undefined') return undefined;
  days ??= indexedDbDays();
  return days;
};

/** The last tasks read in this tab, by folder. */
const tasks = new Map<number, FitterTask>();

export function rememberTasks(list: FitterTask[]): void {
  for (const task of list) tasks.set(task.folderId, task);
}

export const cachedTask = (folderId: number): FitterTask | undefined => tasks.get(folderId);

/** No answer at all (no network, the server unreachable): what the phone saved stands in. */
export const isUnreachable = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

/** The day read from the server, saved for offline; a phone that cannot store it still shows it. */
export async function saveDay(owner: string, answer: FitterTasksResponse, now = new Date()): Promise<void> {
  rememberTasks(answer.tasks);
  await storage()
    ?.put({ owner, savedAt: now.toISOString(), answer })
    .catch(() => undefined);
}

/** The day this account last read, if the phone kept it. */
export async function savedDay(owner: string): Promise<SavedDay | undefined> {
  const day = await storage()
    ?.get(owner)
    .catch(() => undefined);
  if (day) rememberTasks(day.answer.tasks);
  return day;
}
