import type { AddressInfo } from 'node:net';
import { UNITS_STREAM_EVENT, unitsStreamEventSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyUnits, spendUnits } from '../../src/modules/billing/units/units-repository';
import { createTestApp, ownTestGarage } from '../helpers';
import { openSse, type SseStream } from './sse-client';

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

const move = (companyId: number, units: number) =>
  app.db.transaction((tx) => applyUnits(tx, { companyId, units, kind: units < 0 ? 'sidexa' : 'achat' }));

describe('UNITÉS on the notification stream', () => {
  it('tells every open tab of a garage its new balance at commit, and no other garage', async () => {
    const [mine, other] = await Promise.all([ownTestGarage(app, 5), ownTestGarage(app, 7)]);
    const [tab1, tab2, otherTab] = await Promise.all([stream(mine.cookie), stream(mine.cookie), stream(other.cookie)]);

    await move(mine.companyId, -1);
    for (const tab of [tab1, tab2]) {
      const event = await tab.next(2000);
      expect(event.event).toBe(UNITS_STREAM_EVENT);
      // No id: a units event must not move Last-Event-ID, which counts notifications for the replay.
      expect(event.id).toBeUndefined();
      expect(unitsStreamEventSchema.parse(JSON.parse(event.data))).toEqual({ companyId: mine.companyId, jeton: 4 });
    }

    // The other garage's tab hears only its own garage: its first event is its own purchase, not the move above.
    await move(other.companyId, 3);
    expect(JSON.parse((await otherTab.next(2000)).data)).toEqual({ companyId: other.companyId, jeton: 10 });
  });

  it('says nothing of a spending that was refused and rolled back', async () => {
    const garage = await ownTestGarage(app, 1);
    const tab = await stream(garage.cookie);
    await expect(
      app.db.transaction((tx) => spendUnits(tx, { companyId: garage.companyId, units: -2, kind: 'sidexa' })),
    ).rejects.toMatchObject({ kind: 'no-units' });
    // A spending that went through, then a failing one after it in the same transaction: nothing is announced.
    await expect(
      app.db.transaction(async (tx) => {
        await spendUnits(tx, { companyId: garage.companyId, units: -1, kind: 'sidexa' });
        await spendUnits(tx, { companyId: garage.companyId, units: -1, kind: 'sidexa' });
      }),
    ).rejects.toMatchObject({ kind: 'no-units' });
    await move(garage.companyId, 2);
    expect(JSON.parse((await tab.next(2000)).data)).toEqual({ companyId: garage.companyId, jeton: 3 });
  });
});
