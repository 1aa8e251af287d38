import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from 'shared-ui';
import { sendQueuedStep } from '../api/fitter-tasks';
import { indexedDbStorage, memoryStorage } from './idb-storage';
import { StepQueue, whatOf } from './step-queue';
import { saveSent } from './task-cache';

/** What the browser knows of the network (false only when surely offline). */
export const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** One queue per account for the whole tab: both pages share it, and it keeps sending between them. */
let current: { owner: string; queue: StepQueue } | undefined;

function queueFor(owner: string): StepQueue {
  if (current?.owner === owner) return current.queue;
  const queue = new StepQueue({
    storage: typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage(),
    send: sendQueuedStep,
    owner,
    isOnline,
    onRecorded: (entry, doneAt) => saveSent(owner, entry.folderId, whatOf(entry), doneAt),
  });
  current = { owner, queue };
  // What a previous visit (or a closed tab) left waiting leaves now.
  queue.load().catch((error: unknown) => console.error('[fitter] file d’attente illisible :', error));
  return queue;
}

/** The fitter's outbox for the signed-in account: its state, and adding a step done now. */
export function useStepQueue() {
  const owner = useSession((state) => state.claims?.email ?? '');
  const queue = useMemo(() => queueFor(owner), [owner]);
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  useEffect(() => {
    const update = () => queue.setOnline(isOnline());
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [queue]);
  return { state, add: queue.add.bind(queue), dismiss: queue.dismiss.bind(queue) };
}
