import type { FitterStepResult, FitterTask } from 'contracts';
import { stepProgress } from './step-progress';
import {
  isSignature,
  type QueuedEntry,
  type QueuedStep,
  type QueueStorage,
  retryDelay,
  type SendOutcome,
  StepQueue,
  whatOf,
} from './step-queue';

/** The queue's storage as a Map (IndexedDB in the app), recording what was written. */
class FakeStorage implements QueueStorage {
  readonly entries = new Map<string, QueuedEntry>();
  readonly log: string[] = [];
  failPut = false;
  async list() {
    return [...this.entries.values()];
  }
  async put(entry: QueuedEntry) {
    if (this.failPut) throw new Error('quota');
    this.log.push(`put ${whatOf(entry)}`);
    this.entries.set(entry.key, entry);
  }
  async remove(key: string) {
    const entry = this.entries.get(key);
    this.log.push(`remove ${entry ? whatOf(entry) : undefined}`);
    this.entries.delete(key);
  }
}

const recorded = (entry: QueuedEntry, replayed = false): SendOutcome => ({
  kind: 'sent',
  result: {
    folderId: entry.folderId,
    step: isSignature(entry) ? 7 : entry.step,
    doneAt: entry.doneAt,
    recordedAt: new Date().toISOString(),
    documentIds: [],
    comment: isSignature(entry) ? null : (entry.comment ?? null),
    replayed,
    status: { code: 'open', label: 'Ouvert' },
  } satisfies FitterStepResult,
});

interface Harness {
  queue: StepQueue;
  storage: FakeStorage;
  sent: QueuedEntry[];
  answer: (entry: QueuedEntry) => SendOutcome | Promise<SendOutcome>;
  online: boolean;
  retries: { run: () => void; ms: number }[];
  clock: number;
}

function harness(owner = 'poseur@demo.garage.fr', storage = new FakeStorage()): Harness {
  let keys = 0;
  const h: Harness = {
    storage,
    sent: [],
    answer: (entry) => recorded(entry),
    online: true,
    retries: [],
    clock: Date.parse('2026-11-23T08:00:00Z'),
    queue: undefined as unknown as StepQueue,
  };
  h.queue = new StepQueue({
    storage,
    owner,
    send: async (entry) => {
      h.sent.push(entry);
      return h.answer(entry);
    },
    isOnline: () => h.online,
    now: () => {
      h.clock += 60_000;
      return new Date(h.clock);
    },
    newKey: () => `00000000-0000-4000-8000-${String(++keys).padStart(12, '0')}`,
    schedule: (run, ms) => {
      const retry = { run, ms };
      h.retries.push(retry);
      return () => {
        h.retries = h.retries.filter((item) => item !== retry);
      };
    },
  });
  return h;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the fitter’s step queue', () => {
  it('stores a step before anything else, shows it pending at once, then sends it and forgets it', async () => {
    const h = harness();
    let resolveSend: (outcome: SendOutcome) => void = () => {};
    h.answer = () => new Promise((resolve) => (resolveSend = resolve));
    const entry = await h.queue.add({ folderId: 7, step: 1 });
    expect(h.storage.log).toEqual(['put 1']);
    expect(h.queue.getState().pending.map(whatOf)).toEqual([1]);
    expect(h.queue.getState().sending).toBe(true);
    resolveSend(recorded(entry));
    await h.queue.flush();
    expect(h.storage.entries.size).toBe(0);
    expect(h.queue.getState().pending).toEqual([]);
    expect(h.queue.getState().sent).toEqual([{ folderId: 7, what: 1, doneAt: entry.doneAt }]);
    expect(entry.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps steps done offline, in order, and sends them once when the network is back', async () => {
    const h = harness();
    h.online = false;
    h.queue.setOnline(false);
    const one = await h.queue.add({ folderId: 7, step: 1 });
    const two = await h.queue.add({ folderId: 7, step: 2, photos: [{ blob: new Blob(['jpeg']), name: 'avant.jpg' }] });
    const three = await h.queue.add({ folderId: 7, step: 3 });
    await h.queue.flush();
    expect(h.sent).toEqual([]);
    expect(h.queue.getState()).toMatchObject({ online: false });
    expect(h.queue.getState().pending.map(whatOf)).toEqual([1, 2, 3]);
    // Each keeps the time it was done, not the time it leaves.
    expect(new Set([one.doneAt, two.doneAt, three.doneAt]).size).toBe(3);

    h.online = true;
    h.queue.setOnline(true);
    await h.queue.flush();
    expect(h.sent.map((item) => [whatOf(item), item.key, item.doneAt])).toEqual([
      [1, one.key, one.doneAt],
      [2, two.key, two.doneAt],
      [3, three.key, three.doneAt],
    ]);
    expect((h.sent[1] as QueuedStep).photos?.[0]?.blob).toBeInstanceOf(Blob);
    expect(h.storage.entries.size).toBe(0);
    // Nothing is sent twice.
    await h.queue.flush();
    expect(h.sent).toHaveLength(3);
  });

  it('retries a step the network lost, later and with the same idempotency key', async () => {
    const h = harness();
    h.answer = () => ({ kind: 'retry', offline: true });
    const entry = await h.queue.add({ folderId: 7, step: 1 });
    await h.queue.add({ folderId: 8, step: 1 });
    await h.queue.flush();
    // No network: the first step failed (once per try), the second folder's was not even tried.
    expect(h.sent.length).toBeGreaterThan(0);
    expect(h.sent.every((item) => item.key === entry.key)).toBe(true);
    expect(h.queue.getState().pending).toHaveLength(2);
    const attempts = h.storage.entries.get(entry.key)?.attempts ?? 0;
    expect(attempts).toBe(h.sent.length);
    // One retry planned, after the back-off of its attempts.
    expect(h.retries.map((retry) => retry.ms)).toEqual([retryDelay(attempts)]);

    h.answer = (item) => recorded(item, item.key === entry.key);
    h.retries[0]?.run();
    await h.queue.flush();
    expect(h.sent.map((item) => item.key).filter((key) => key === entry.key)).toHaveLength(attempts + 1);
    expect(h.queue.getState().pending).toEqual([]);
    expect(h.storage.entries.size).toBe(0);
  });

  it('on a server error holds back that folder’s later steps but sends other folders', async () => {
    const h = harness();
    h.answer = (entry) => (entry.folderId === 7 ? { kind: 'retry', offline: false } : recorded(entry));
    h.queue.setOnline(false);
    h.online = false;
    await h.queue.add({ folderId: 7, step: 1 });
    await h.queue.add({ folderId: 7, step: 2, photos: [{ blob: new Blob(['x']), name: 'x.jpg' }] });
    await h.queue.add({ folderId: 8, step: 1 });
    h.online = true;
    h.queue.setOnline(true);
    await h.queue.flush();
    expect(h.sent.map((item) => [item.folderId, whatOf(item)])).toEqual([
      [7, 1],
      [8, 1],
    ]);
    expect(h.queue.getState().pending.map((item) => [item.folderId, whatOf(item)])).toEqual([
      [7, 1],
      [7, 2],
    ]);
    expect(h.retries).toHaveLength(1);
  });

  it('drops a refused step with the server’s French message, and lets it be dismissed', async () => {
    const h = harness();
    h.answer = () => ({ kind: 'refused', message: 'Étape précédente à faire d’abord : Je pars chez le client' });
    const entry = await h.queue.add({ folderId: 7, step: 2, photos: [{ blob: new Blob(['x']), name: 'x.jpg' }] });
    await h.queue.flush();
    expect(h.storage.entries.size).toBe(0);
    expect(h.queue.getState().pending).toEqual([]);
    expect(h.queue.getState().rejected).toEqual([
      { key: entry.key, folderId: 7, what: 2, message: 'Étape précédente à faire d’abord : Je pars chez le client' },
    ]);
    expect(h.retries).toEqual([]);
    h.queue.dismiss(entry.key);
    expect(h.queue.getState().rejected).toEqual([]);
  });

  it('sends what a previous visit left, only this account’s, oldest first', async () => {
    const storage = new FakeStorage();
    const left = (key: string, owner: string, step: 1 | 2, queuedAt: number): QueuedStep => ({
      key,
      owner,
      folderId: 7,
      step,
      doneAt: new Date(queuedAt).toISOString(),
      queuedAt,
      attempts: 2,
    });
    storage.entries.set('b', left('b', 'poseur@demo.garage.fr', 2, 2_000));
    storage.entries.set('a', left('a', 'poseur@demo.garage.fr', 1, 1_000));
    storage.entries.set('c', left('c', 'autre@demo.garage.fr', 1, 500));
    const h = harness('poseur@demo.garage.fr', storage);
    await h.queue.load();
    expect(h.sent.map((item) => item.key)).toEqual(['a', 'b']);
    expect([...storage.entries.keys()]).toEqual(['c']);
  });

  it('sends one step at a time: a step added during a send waits for it, and a double tap queues once', async () => {
    const h = harness();
    let inFlight = 0;
    let most = 0;
    h.answer = async (entry) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await settle();
      inFlight -= 1;
      return recorded(entry);
    };
    const first = h.queue.add({ folderId: 7, step: 1 });
    const twice = h.queue.add({ folderId: 7, step: 1 });
    await Promise.all([first, twice]);
    await h.queue.add({ folderId: 7, step: 2, photos: [{ blob: new Blob(['x']), name: 'x.jpg' }] });
    await h.queue.flush();
    await settle();
    expect(most).toBe(1);
    expect(h.sent.map(whatOf)).toEqual([1, 2]);
  });

  it('fails visibly when the phone cannot store the step (nothing pending, nothing sent)', async () => {
    const storage = new FakeStorage();
    storage.failPut = true;
    const h = harness('poseur@demo.garage.fr', storage);
    await expect(h.queue.add({ folderId: 7, step: 1 })).rejects.toThrow('quota');
    expect(h.queue.getState().pending).toEqual([]);
    expect(h.sent).toEqual([]);
  });

  it('sends a signature after the folder’s steps, once, and holds it back while a step of that folder waits', async () => {
    const h = harness();
    h.online = false;
    h.queue.setOnline(false);
    await h.queue.add({ folderId: 7, step: 7, comment: 'OK' });
    const signature = await h.queue.add({
      kind: 'signature',
      folderId: 7,
      body: { signerName: 'Camille Martin', accepted: true },
    });
    // A double tap on « Signer » queues it once.
    expect(await h.queue.add({ kind: 'signature', folderId: 7, body: { signerName: 'X Y', accepted: true } })).toBe(
      signature,
    );
    h.online = true;
    let first = true;
    h.answer = (entry) => {
      if (first) {
        first = false;
        return { kind: 'retry', offline: false };
      }
      return recorded(entry);
    };
    h.queue.setOnline(true);
    await h.queue.flush();
    // The step failed: the signature of that folder waited behind it.
    expect(h.sent.map(whatOf)).toEqual([7]);
    h.retries[0]?.run();
    await h.queue.flush();
    expect(h.sent.map(whatOf)).toEqual([7, 7, 'signature']);
    expect(h.queue.getState().pending).toEqual([]);
    expect(h.queue.getState().sent.map((item) => item.what)).toEqual([7, 'signature']);
  });

  it('reads an entry stored by the previous version (one photo per step) as one with a list of photos', async () => {
    const storage = new FakeStorage();
    const blob = new Blob(['jpeg']);
    const legacy = {
      key: 'k',
      owner: 'poseur@demo.garage.fr',
      folderId: 7,
      step: 2,
      doneAt: '2026-11-23T08:00:00.000Z',
      queuedAt: 1,
      attempts: 0,
      photo: blob,
      photoName: 'avant.jpg',
    };
    storage.entries.set('k', legacy as unknown as QueuedEntry);
    const h = harness('poseur@demo.garage.fr', storage);
    await h.queue.load();
    expect((h.sent[0] as QueuedStep).photos).toEqual([{ blob, name: 'avant.jpg' }]);
  });

  it('backs off up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
  });
});

describe('stepProgress', () => {
  const task: FitterTask = {
    folderId: 7,
    number: 'D-2026-00001',
    companyId: 1,
    plate: 'AB-123-CD',
    vehicle: 'Renault Clio V',
    customer: 'Testeur Hélène',
    city: 'Lyon',
    postalCode: '69007',
    hasAddress: true,
    hasPhone: false,
    appointmentAt: '2026-11-23T08:00:00.000Z',
    appointmentMinutes: 60,
    appointmentComment: null,
    technician: 'Karim Haddad',
    status: { code: 'open', label: 'Ouvert', color: 'blue' },
    closed: false,
    steps: [{ step: 1, doneAt: '2026-11-23T08:01:00.000Z' }],
    repairKind: null,
    deliverySignedAt: null,
  };

  it('shows server steps done, queued ones pending, the next one open and the later ones locked', async () => {
    const h = harness();
    h.online = false;
    h.queue.setOnline(false);
    await h.queue.add({ folderId: 7, step: 2, photos: [{ blob: new Blob(['x']), name: 'x.jpg' }] });
    await h.queue.add({ folderId: 8, step: 1 });
    const views = stepProgress(task, h.queue.getState());
    expect(views.map((view) => view.status)).toEqual(['done', 'pending', 'next', 'later', 'later', 'later', 'later']);
    expect(views[2]?.label).toBe('Début du remplacement');
  });

  it('names steps 3 and 5 after a repair when the folder is typed « Réparation »', () => {
    const views = stepProgress({ ...task, repairKind: 'repair' }, harness().queue.getState());
    expect([views[2]?.label, views[4]?.label]).toEqual(['Début de la réparation', 'Fin de la réparation']);
  });
});

describe('a recorded entry', () => {
  it('is told to the phone’s copy of the task before it leaves storage: a reload never finds it in neither', async () => {
    const storage = new FakeStorage();
    const seen: string[] = [];
    const queue = new StepQueue({
      storage,
      owner: 'poseur@demo.garage.fr',
      send: async (entry) => recorded(entry),
      onRecorded: async (entry, doneAt) => {
        seen.push(`${whatOf(entry)} ${doneAt} still stored: ${storage.entries.has(entry.key)}`);
      },
    });
    const entry = await queue.add({ folderId: 7, step: 1 });
    await queue.flush();
    expect(seen).toEqual([`1 ${entry.doneAt} still stored: true`]);
    expect(storage.entries.size).toBe(0);
  });

  it('leaves the queue even when the phone cannot keep its copy (the server has it)', async () => {
    const storage = new FakeStorage();
    const queue = new StepQueue({
      storage,
      owner: 'poseur@demo.garage.fr',
      send: async (entry) => recorded(entry),
      onRecorded: async () => {
        throw new Error('quota');
      },
    });
    await queue.add({ folderId: 7, step: 1 });
    await queue.flush();
    expect(queue.getState().sent).toHaveLength(1);
    expect(storage.entries.size).toBe(0);
  });
});
