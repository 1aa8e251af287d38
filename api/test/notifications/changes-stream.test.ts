import type { AddressInfo } from 'node:net';
import { CHANGED_STREAM_EVENT, changedStreamEventSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceChange } from '../../src/modules/notifications/changes';
import { createTestApp, ownTestGarage } from '../helpers';
import { openSse, type SseStream } from './sse-client';

/*
 * `event: changed` on the notification stream: what changed on the server without a click of the tab (a supplier
 * invoice arrived from the platform) reaches every open tab of its garage, and no other garage's.
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

async function stream(cookie: string): Promise<SseStream> {
  const s = await openSse(`${base}/api/notifications/stream`, { cookie });
  open.push(s);
  await s.connected;
  return s;
}

describe('changes on the notification stream', () => {
  it('tells the garage’s open tabs which paths to read again, and no other garage', async () => {
    const [mine, other] = await Promise.all([ownTestGarage(app), ownTestGarage(app)]);
    const [tab, otherTab] = await Promise.all([stream(mine.cookie), stream(other.cookie)]);
    await announceChange(app.db, mine.companyId, ['/api/expense', '/api/einvoicing/received']);
    const event = await tab.next(2000);
    expect(event.event).toBe(CHANGED_STREAM_EVENT);
    // No id: Last-Event-ID counts notifications for the replay.
    expect(event.id).toBeUndefined();
    expect(changedStreamEventSchema.parse(JSON.parse(event.data))).toEqual({
      companyId: mine.companyId,
      paths: ['/api/expense', '/api/einvoicing/received'],
    });
    // The other garage's tab hears only its own: its first event is its own change, not the one above.
    await announceChange(app.db, other.companyId, ['/api/expense']);
    expect(JSON.parse((await otherTab.next(2000)).data)).toEqual({
      companyId: other.companyId,
      paths: ['/api/expense'],
    });
  });
});
