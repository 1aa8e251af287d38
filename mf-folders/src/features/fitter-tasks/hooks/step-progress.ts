import { FITTER_STEPS, type FitterStep, type FitterTask, fitterStepLabel } from 'contracts';
import { isSignature, type QueueState } from './step-queue';

export type StepStatus = 'done' | 'pending' | 'next' | 'later';

export interface StepView {
  step: FitterStep;
  label: string;
  status: StepStatus;
  /** When it was done (the phone's clock), for done and pending steps. */
  doneAt?: string;
}

/**
 * The seven steps of a folder as the screen shows them: recorded on the server (or just sent), waiting in the
 * queue, the next one to do, and the later ones (not yet possible: a step is never skipped).
 */
export function stepProgress(task: FitterTask, queue: QueueState): StepView[] {
  const done = new Map<number, string>(task.steps.map((item) => [item.step, item.doneAt]));
  for (const item of queue.sent)
    if (item.folderId === task.folderId && item.what !== 'signature' && !done.has(item.what))
      done.set(item.what, item.doneAt);
  const pending = new Map<number, string>();
  for (const entry of queue.pending)
    if (entry.folderId === task.folderId && !isSignature(entry)) pending.set(entry.step, entry.doneAt);
  let nextFound = false;
  return FITTER_STEPS.map((step) => {
    const label = fitterStepLabel(step, task.repairKind);
    const doneAt = done.get(step);
    if (doneAt) return { step, label, status: 'done', doneAt };
    const queuedAt = pending.get(step);
    if (queuedAt) return { step, label, status: 'pending', doneAt: queuedAt };
    if (nextFound) return { step, label, status: 'later' };
    nextFound = true;
    return { step, label, status: 'next' };
  });
}

export const nextStepView = (views: StepView[]): StepView | undefined => views.find((view) => view.status === 'next');

export const pendingCountOf = (queue: QueueState, folderId: number): number =>
  queue.pending.filter((entry) => entry.folderId === folderId).length;
