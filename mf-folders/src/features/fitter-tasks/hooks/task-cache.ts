import type { FitterTask } from 'contracts';

/*
 * The last tasks read from the server, for the tab's life: opening a task from the day's list in a basement
 * (no network) still shows it, and its steps go to the queue.
 */
const tasks = new Map<number, FitterTask>();

export function rememberTasks(list: FitterTask[]): void {
  for (const task of list) tasks.set(task.folderId, task);
}

export const cachedTask = (folderId: number): FitterTask | undefined => tasks.get(folderId);
