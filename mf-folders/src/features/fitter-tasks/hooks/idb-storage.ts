import type { FitterTasksResponse } from 'contracts';
import type { QueuedEntry, QueueStorage } from './step-queue';

const DATABASE = 'garage-fitter';
/** The queue of steps and signatures, keyed by idempotency key. */
const STEPS = 'steps';
/** The last day's tasks read from the server, one per account, keyed by its e-mail. */
const DAYS = 'days';
const VERSION = 2;

const promised = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** The fitter's database, opened once per tab (version 2 added the day's tasks beside the queue). */
function database(factory: IDBFactory) {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE, VERSION);
      request.onupgradeneeded = () => {
        const names = request.result.objectStoreNames;
        if (!names.contains(STEPS)) request.result.createObjectStore(STEPS, { keyPath: 'key' });
        if (!names.contains(DAYS)) request.result.createObjectStore(DAYS, { keyPath: 'owner' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opened = undefined;
        reject(request.error);
      };
    });
    return opened;
  };
  /** One short transaction on one store. */
  return async <T>(
    store: string,
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const transaction = (await open()).transaction(store, mode);
    const result = promised(action(transaction.objectStore(store)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  };
}

/** The fitter's queue in IndexedDB (photos are Blobs: localStorage could hold neither them nor their size). */
export function indexedDbStorage(factory: IDBFactory = indexedDB): QueueStorage {
  const run = database(factory);
  return {
    list: () => run(STEPS, 'readonly', (store) => store.getAll() as IDBRequest<QueuedEntry[]>),
    put: async (entry) => {
      await run(STEPS, 'readwrite', (store) => store.put(entry));
    },
    remove: async (key) => {
      await run(STEPS, 'readwrite', (store) => store.delete(key));
    },
  };
}

/** Where IndexedDB is missing (old browsers, some private modes): the queue lives as long as the tab. */
export function memoryStorage(): QueueStorage {
  const entries = new Map<string, QueuedEntry>();
  return {
    list: async () => [...entries.values()],
    put: async (entry) => {
      entries.set(entry.key, entry);
    },
    remove: async (key) => {
      entries.delete(key);
    },
  };
}

/** A day's tasks as last read from the server, and when. */
export interface SavedDay {
  owner: string;
  savedAt: string;
  answer: FitterTasksResponse;
}

export interface DayStorage {
  get(owner: string): Promise<SavedDay | undefined>;
  put(day: SavedDay): Promise<void>;
}

export function indexedDbDays(factory: IDBFactory = indexedDB): DayStorage {
  const run = database(factory);
  return {
    get: (owner) => run(DAYS, 'readonly', (store) => store.get(owner) as IDBRequest<SavedDay | undefined>),
    put: async (day) => {
      await run(DAYS, 'readwrite', (store) => store.put(day));
    },
  };
}
