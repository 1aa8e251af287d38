import type { FitterTask, FitterTasksResponse } from 'contracts';
import { ApiError } from 'shared-ui';
import { type DayStorage, indexedDbDays, type SavedDay } from './idb-storage';
import type { EntryWhat } from './step-queue';

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

/** Writes what changed of one task into the saved day (a phone that cannot store keeps it for the tab only). */
async function updateSavedTask(owner: string, folderId: number, change: (task: FitterTask) => FitterTask) {
  const store = storage();
  const day = await store?.get(owner).catch(() => undefined);
  if (!store || !day?.answer.tasks.some((task) => task.folderId === folderId)) return;
  const tasks = day.answer.tasks.map((task) => (task.folderId === folderId ? change(task) : task));
  await store.put({ ...day, answer: { ...day.answer, tasks } }).catch(() => undefined);
}

/**
 * A task read alone from the server (its page, online): the saved day takes its steps and status, so a reload
 * without network shows what the server last said.
 */
export async function saveTask(owner: string, task: FitterTask): Promise<void> {
  rememberTasks([task]);
  await updateSavedTask(owner, task.folderId, () => task);
}

/** The task with one more step (or the delivery report's signature) recorded. */
const withSent = (task: FitterTask, what: EntryWhat, doneAt: string): FitterTask => {
  if (what === 'signature') return { ...task, deliverySignedAt: task.deliverySignedAt ?? doneAt };
  if (task.steps.some((item) => item.step === what)) return task;
  return { ...task, steps: [...task.steps, { step: what, doneAt }].sort((a, b) => a.step - b.step) };
};

/**
 * A step (or signature) the server recorded: done in the tab's copy and in the saved day at once, before the task
 * is read again. A reload (a phone kills background tabs) then shows it done, even offline, and never asks for it
 * twice.
 */
export async function saveSent(owner: string, folderId: number, what: EntryWhat, doneAt: string): Promise<void> {
  const known = tasks.get(folderId);
  if (known) tasks.set(folderId, withSent(known, what, doneAt));
  await updateSavedTask(owner, folderId, (task) => withSent(task, what, doneAt));
}

/** The day this account last read, if the phone kept it. */
export async function savedDay(owner: string): Promise<SavedDay | undefined> {
  const day = await storage()
    ?.get(owner)
    .catch(() => undefined);
  if (day) rememberTasks(day.answer.tasks);
  return day;
}
