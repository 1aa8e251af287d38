import type { AddressInfo } from 'node:net';
import {
  IMPORT_PROGRESS_STREAM_EVENT,
  type ImportProgressStreamEvent,
  importProgressStreamEventSchema,
  importSchema,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importProgress } from '../src/modules/imports/progress';
import { announceChange } from '../src/modules/notifications/changes';
import { createTestApp, multipart, ownTestGarage } from './helpers';
import { openSse, type SseStream } from './notifications/sse-client';

/*
 * An import of many rows is one transaction: the page learns where it stands from the notification stream
 * (`event: import-progress`), sent from inside that transaction on both drivers, to the person running it only.
 */

let app: FastifyInstance;
let base: string;
const open: SseStream[] = [];
beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await app.close();
});

async function tab(cookie: string): Promise<SseStream> {
  const stream = await openSse(`${base}/api/notifications/stream`, { cookie });
  open.push(stream);
  await stream.connected;
  return stream;
}

const SIV = 'ABCDEFGHJKLMNPQRSTVWXYZ';
/** 3,000 customers with their car. */
function customersFile(rows: number): Buffer {
  const lines = ['Nom;Immatriculation'];
  for (let n = 0; n < rows; n += 1) {
    const plate = `${SIV[Math.floor(n / 1000) % SIV.length]}${SIV[n % SIV.length]}-${String(n % 1000).padStart(3, '0')}-ZZ`;
    lines.push(`Client ${n};${plate}`);
  }
  return Buffer.from(lines.join('\r\n'));
}

describe('progress of an import', () => {
  it('reaches the tab of the person running it while the transaction runs, step by step to the end', async () => {
    const [mine, other] = await Promise.all([ownTestGarage(app), ownTestGarage(app)]);
    const [myTab, otherTab] = await Promise.all([tab(mine.cookie), tab(other.cookie)]);
    const form = await multipart({ file: new Blob([new Uint8Array(customersFile(3000))]) }, 'clients.csv');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...form.headers, cookie: mine.cookie },
      payload: form.payload,
    });
    const draft = importSchema.parse(uploaded.json());
    const run = fetch(`${base}/api/imports/${draft.id}/run`, {
      method: 'POST',
      headers: { cookie: mine.cookie, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ mapping: draft.mapping }),
    });
    const events: ImportProgressStreamEvent[] = [];
    while (!events.some((event) => event.step === 'Véhicules' && event.done === event.total)) {
      const message = await myTab.next(20_000);
      expect(message.event).toBe(IMPORT_PROGRESS_STREAM_EVENT);
      events.push(importProgressStreamEventSchema.parse(JSON.parse(message.data)));
    }
    expect((await run).status).toBe(200);
    // First what takes a while before anything is written, then each step to its end.
    expect(events[0]).toMatchObject({
      importId: draft.id,
      companyId: mine.companyId,
      step: 'Contrôle des lignes du fichier',
      done: 0,
      total: 3000,
    });
    for (const step of ['Clients', 'Nouveaux clients', 'Véhicules']) {
      expect(events).toContainEqual(expect.objectContaining({ step, done: 3000, total: 3000 }));
    }
    expect(events.every((event) => event.importId === draft.id && event.done <= event.total)).toBe(true);
    // The other garage's tab heard none of it: its first event is its own.
    await announceChange(app.db, other.companyId, ['/api/expense']);
    expect((await otherTab.next(2000)).event).not.toBe(IMPORT_PROGRESS_STREAM_EVENT);
  });

  it('speaks a few times a second at most, and always at a step’s end', () => {
    const sent: string[] = [];
    let now = 0;
    const pubsub = {
      listen: async () => async () => undefined,
      notify: async (_channel: string, payload: string) => {
        sent.push(payload);
      },
      close: async () => undefined,
    };
    const progress = importProgress(pubsub, { importId: 1, companyId: 2, userId: 3 }, () => now);
    for (let done = 1; done <= 1000; done += 1) {
      now += 1; // one row a millisecond
      progress.report('Clients', done, 1000);
    }
    const steps = sent.map((payload) => (JSON.parse(payload) as ImportProgressStreamEvent).done);
    expect(steps).toEqual([1, 201, 401, 601, 801, 1000]);
  });
});
