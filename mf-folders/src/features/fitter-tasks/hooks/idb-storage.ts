import type { QueuedStep, QueueStorage } from './step-queue';

const DATABASE = 'garage-fitter';
const STORE = 'steps';
const VERSION = 1;

const promised = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * The fitter's queue in IndexedDB (photos are Blobs: localStorage could hold neither them nor their size).
 * One object store keyed by the idempotency key; each call opens its own short transaction.
 */
export function indexedDbStorage(factory: IDBFactory = indexedDB): QueueStorage {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE, VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: 'key' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opened = undefined;
        reject(request.error);
      };
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const database = await open();
    const transaction = database.transaction(STORE, mode);
    const result = promised(action(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  };
  return {
    list: () => run('readonly', (store) => store.getAll() as IDBRequest<QueuedStep[]>),
    put: async (entry) => {
      await run('readwrite', (store) => store.put(entry));
    },
    remove: async (key) => {
      await run('readwrite', (store) => store.delete(key));
    },
  };
}

/** Where IndexedDB is missing (old browsers, some private modes): the queue lives as long as the tab. */
export function memoryStorage(): QueueStorage {
  const entries = new Map<string, QueuedStep>();
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
