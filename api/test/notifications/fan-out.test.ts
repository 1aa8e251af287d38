import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../helpers';
import { notify } from './fixtures';
import { openSse, type SseStream } from './sse-client';

let writer: FastifyInstance;
let reader: FastifyInstance;
let stream: SseStream | undefined;

beforeAll(async () => {
  writer = await createTestApp();
  reader = await createTestApp({ separateInstance: true });
  await reader.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  stream?.close();
  await reader.close();
  await writer.close();
});

describe('live notifications across API instances', () => {
  it('reach a tab connected to another instance, through LISTEN/NOTIFY', async () => {
    const cookie = await login(reader, 'poseur@demo.garage.fr');
    const base = `http://127.0.0.1:${(reader.server.address() as AddressInfo).port}`;
    stream = await openSse(`${base}/api/notifications/stream`, { cookie });
    await stream.connected;

    const started = Date.now();
    const id = await notify(writer, 'poseur@demo.garage.fr', 'lyon', {
      content: 'Relance client<br>Dossier CD-456-EF',
    });
    const event = await stream.next(1000);
    expect(event.id).toBe(String(id));
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
