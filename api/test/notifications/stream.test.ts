import type { AddressInfo } from 'node:net';
import { notificationStreamEventSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../helpers';
import { notify } from './fixtures';
import { openSse, type SseStream } from './sse-client';

let app: FastifyInstance;
let base: string;
let fitter: string;
const open: SseStream[] = [];

beforeAll(async () => {
  // The browser tests' way of producing a notification; off unless asked for.
  app = await createTestApp({ testRoutes: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  fitter = await login(app, 'poseur@demo.garage.fr');
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await app.close();
});

async function stream(cookie: string, headers: Record<string, string> = {}, query = ''): Promise<SseStream> {
  const s = await openSse(`${base}/api/notifications/stream${query}`, { cookie, ...headers });
  open.push(s);
  await s.connected;
  return s;
}

describe('GET /api/notifications/stream', () => {
  it('answers 401 without a session', async () => {
    const response = await fetch(`${base}/api/notifications/stream`);
    expect(response.status).toBe(401);
  });

  it('sends the headers of an event stream', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/notifications/stream`, {
      headers: { cookie: fitter },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    controller.abort();
  });

  it('pushes a new notification to every open tab of its user within a second, id = notification id', async () => {
    const [tab1, tab2] = await Promise.all([stream(fitter), stream(fitter)]);
    const started = Date.now();
    const id = await notify(app, 'poseur@demo.garage.fr', 'lyon', { content: 'Nouveau<br>Dossier X<br>Live' });
    const [a, b] = await Promise.all([tab1.next(1000), tab2.next(1000)]);
    expect(Date.now() - started).toBeLessThan(1000);
    for (const event of [a, b]) {
      expect(event.id).toBe(String(id));
      expect(notificationStreamEventSchema.parse(JSON.parse(event.data))).toMatchObject({
        id,
        content: 'Nouveau<br>Dossier X<br>Live',
        isUnRead: true,
      });
    }
  });

  it('never sends another user’s notification', async () => {
    const mine = await stream(fitter);
    await notify(app, 'poseur.admin@demo.garage.fr', 'lyon');
    const id = await notify(app, 'poseur@demo.garage.fr', 'lyon');
    expect((await mine.next()).id).toBe(String(id));
  });

  it('tells a first stream where it starts, so that its reconnection after a drop misses nothing', async () => {
    const before = await notify(app, 'poseur@demo.garage.fr', 'lyon');
    const first = await stream(fitter);
    // The newest notification it may already have, kept by the browser as its Last-Event-ID.
    expect(Number(first.startId())).toBeGreaterThanOrEqual(before);
    first.close();
    // Written while the stream was down (the server restarting, the network gone).
    const whileDown = await notify(app, 'poseur@demo.garage.fr', 'lyon');
    const again = await stream(fitter, { 'last-event-id': String(first.startId()) });
    expect((await again.next()).id).toBe(String(whileDown));
    // A reconnection already knows where it is: no start id.
    expect(again.startId()).toBeUndefined();
  });

  it('replays what was missed after Last-Event-ID (header or query), then goes live', async () => {
    const last = await notify(app, 'poseur@demo.garage.fr', 'lyon');
    const missed = [
      await notify(app, 'poseur@demo.garage.fr', 'lyon'),
      await notify(app, 'poseur@demo.garage.fr', 'lyon'),
    ];
    const byHeader = await stream(fitter, { 'last-event-id': String(last) });
    expect([(await byHeader.next()).id, (await byHeader.next()).id]).toEqual(missed.map(String));
    const byQuery = await stream(fitter, {}, `?lastEventId=${last}`);
    expect([(await byQuery.next()).id, (await byQuery.next()).id]).toEqual(missed.map(String));
    const live = await notify(app, 'poseur@demo.garage.fr', 'lyon');
    expect((await byHeader.next()).id).toBe(String(live));
    expect((await byQuery.next()).id).toBe(String(live));
  });

  it('delivers a notification made through the test-only route (ENABLE_TEST_ROUTES=1)', async () => {
    const s = await stream(fitter);
    const response = await fetch(`${base}/api/notifications/test-create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'poseur@demo.garage.fr',
        content: 'ALERTE A TRAITER<br>Dossier TT-001-TT<br>Créée par un test',
        typeFolder: 'verif',
        folderId: 5151,
        folderTitle: 'TT-001-TT',
      }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const event = await s.next();
    expect(event.id).toBe(String(id));
    expect(JSON.parse(event.data)).toMatchObject({ folder: { id: 5151, title: 'TT-001-TT' }, typeFolder: 'verif' });
  });

  it('forgets closed connections', async () => {
    const s = await stream(fitter);
    s.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await notify(app, 'poseur@demo.garage.fr', 'lyon');
    // No crash from writing to a closed socket; the app still answers.
    expect((await fetch(`${base}/api/config`)).status).toBe(200);
  });
});
