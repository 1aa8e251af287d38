import {
  myNotificationsResponseSchema,
  notificationDetailResponseSchema,
  notificationListResponseSchema,
  unreadCountResponseSchema,
  unreadPartialsResponseSchema,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../helpers';
import { notify } from './fixtures';

let app: FastifyInstance;
let admin: string;
let fitter: string;
let multi: string;

beforeAll(async () => {
  app = await createTestApp();
  [admin, fitter, multi] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'poseur@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
  ]);
});
afterAll(() => app.close());

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const unread = async (cookie: string) =>
  unreadCountResponseSchema.parse((await get('/api/notifications/unread-nbre', cookie)).json()).count;

describe('seed', () => {
  it('gives every demo user notifications of every type, an archived one excluded from lists', async () => {
    const page = myNotificationsResponseSchema.parse((await get('/api/notifications/me?pageSize=100', admin)).json());
    const types = new Set(page.data.map((n) => n.typeFolder));
    for (const type of ['verif', 'envoi', 'relance', 'comment', 'recovery', 'information'])
      expect(types).toContain(type);
    expect(types).not.toContain('anomalie');
    expect(page.data.some((n) => n.content.includes('ALERTE A TRAITER'))).toBe(true);
    const relance = page.data.find((n) => n.typeFolder === 'relance');
    // About the newest folder of the user's garage, named by its plate.
    const plate = relance?.folder?.title ?? '';
    expect(plate).toMatch(/^[A-Z]{2}-\d{3}-[A-Z]{2}$/);
    expect(relance?.content).toBe(
      `Relance client<br>Dossier ${plate}<br>Le client n'a pas répondu au devis envoyé le 12/11.`,
    );
  });

  it('leaves the demo alert unread for customer service only, so its modal pops up for that account', async () => {
    const service = await login(app, 'service.client@demo.garage.fr');
    const partials = unreadPartialsResponseSchema.parse(
      (await post('/api/notifications/unread-partials', service)).json(),
    );
    expect(partials.modals?.some((modal) => modal.includes('ALERTE A TRAITER'))).toBe(true);
    const adminPartials = unreadPartialsResponseSchema.parse(
      (await post('/api/notifications/unread-partials', admin)).json(),
    );
    expect(adminPartials.modals ?? []).toEqual([]);
  });
});

describe('GET /api/notifications/me', () => {
  it('answers a page of the caller’s notifications, newest first, with the row contract', async () => {
    const id = await notify(app, 'poseur@demo.garage.fr', 'lyon');
    const response = await get('/api/notifications/me?page=1&pageSize=5', fitter);
    expect(response.statusCode).toBe(200);
    const body = myNotificationsResponseSchema.parse(response.json());
    expect(body.data).toHaveLength(5);
    expect(body.totalRecords).toBeGreaterThan(5);
    expect(body.data[0]).toMatchObject({ id, notificationRead: 'Non', isUnRead: true, typeFolder: 'relance' });
  });

  it('sorts by a column of columnsMap and searches content and folder', async () => {
    const columnsMap = JSON.stringify(['content', 'folder', 'createdAt', 'notificationRead']);
    const asc = myNotificationsResponseSchema.parse(
      (await get(`/api/notifications/me?pageSize=100&sortField=2&sortDir=asc&columnsMap=${columnsMap}`, fitter)).json(),
    );
    const dates = asc.data.map((n) => n.createdAt);
    expect(dates).toEqual([...dates].sort());
    const plate = asc.data.find((n) => n.typeFolder === 'recovery')?.folder?.title ?? 'absent';
    const search = myNotificationsResponseSchema.parse(
      (await get(`/api/notifications/me?search=${plate}`, fitter)).json(),
    );
    expect(search.data.map((n) => n.typeFolder)).toContain('recovery');
    for (const row of search.data) expect(`${row.content} ${row.folder?.title}`).toContain(plate);
  });

  it('finds a name typed without its accents (the one paged list search)', async () => {
    const id = await notify(app, 'poseur@demo.garage.fr', 'lyon', { content: 'Rappeler Mme Hélène Lefèvre<br>Devis' });
    const columnsMap = JSON.stringify(['content', 'folder', 'createdAt', 'notificationRead']);
    const found = async (query: string) =>
      myNotificationsResponseSchema.parse((await get(`/api/notifications/me?${query}`, fitter)).json()).data;
    expect((await found('search=helene%20lefevre')).map((n) => n.id)).toEqual([id]);
    // The text column's filter searches the same way.
    const filters = encodeURIComponent(JSON.stringify({ 0: 'LEFEVRE' }));
    expect((await found(`filters=${filters}&columnsMap=${columnsMap}`)).map((n) => n.id)).toEqual([id]);
  });

  it('refuses anonymous callers and the accountant (no notifications permission)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/notifications/me' })).statusCode).toBe(401);
    const accountant = await login(app, 'comptable@demo.garage.fr');
    expect((await get('/api/notifications/me', accountant)).statusCode).toBe(403);
  });
});

describe('POST /api/notifications/list', () => {
  it('answers the drawer page with total and unread, and filters each tab', async () => {
    const response = await post('/api/notifications/list', admin, { page: 1, maxPerPage: 10, archived: false });
    const { data } = notificationListResponseSchema.parse(response.json());
    expect(data.unread).toBe(await unread(admin));
    expect(data.notifications.length).toBeLessThanOrEqual(10);
    const unreadTab = notificationListResponseSchema.parse(
      (await post('/api/notifications/list', admin, { page: 1, maxPerPage: 10, archived: false, read: false })).json(),
    ).data;
    const readTab = notificationListResponseSchema.parse(
      (await post('/api/notifications/list', admin, { page: 1, maxPerPage: 10, archived: false, read: true })).json(),
    ).data;
    expect(unreadTab.notifications.every((n) => n.isUnRead)).toBe(true);
    expect(readTab.notifications.every((n) => !n.isUnRead)).toBe(true);
    expect(unreadTab.total + readTab.total).toBe(data.total);
    const archived = notificationListResponseSchema.parse(
      (await post('/api/notifications/list', admin, { page: 1, maxPerPage: 10, archived: true })).json(),
    ).data;
    expect(archived.notifications.map((n) => n.typeFolder)).toEqual(['anomalie']);
  });

  it('validates the body', async () => {
    const response = await post('/api/notifications/list', admin, { page: 0, maxPerPage: 10, archived: false });
    expect(response.statusCode).toBe(400);
  });
});

describe('read, unread, all read, archive', () => {
  it('marks one read then unread (204) and the count follows', async () => {
    const id = await notify(app, 'poseur@demo.garage.fr', 'lyon');
    const before = await unread(fitter);
    const read = await post(`/api/notifications/${id}/mark-read`, fitter);
    expect(read.statusCode).toBe(204);
    expect(await unread(fitter)).toBe(before - 1);
    const detail = notificationDetailResponseSchema.parse((await get(`/api/notifications/${id}`, fitter)).json());
    expect(detail).toMatchObject({ id, notificationRead: 'Oui', isUnRead: false });
    expect(detail.readAt).not.toBeNull();
    expect((await post(`/api/notifications/${id}/mark-unread`, fitter)).statusCode).toBe(204);
    expect(await unread(fitter)).toBe(before);
  });

  it('archives with form data (204): gone from the lists, no longer unread', async () => {
    const id = await notify(app, 'poseur@demo.garage.fr', 'lyon');
    const before = await unread(fitter);
    const boundary = '----garage';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n--${boundary}--\r\n`;
    const response = await app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/archive`,
      headers: { cookie: fitter, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(204);
    expect(await unread(fitter)).toBe(before - 1);
    const page = myNotificationsResponseSchema.parse((await get('/api/notifications/me?pageSize=100', fitter)).json());
    expect(page.data.map((n) => n.id)).not.toContain(id);
    // Archiving twice is harmless.
    expect((await post(`/api/notifications/${id}/archive`, fitter)).statusCode).toBe(204);
  });

  it('marks all read (204)', async () => {
    await notify(app, 'poseur@demo.garage.fr', 'lyon');
    expect(await unread(fitter)).toBeGreaterThan(0);
    expect((await post('/api/notifications/mark-read', fitter)).statusCode).toBe(204);
    expect(await unread(fitter)).toBe(0);
  });

  it('answers 404 on another user’s notification, for every call', async () => {
    const id = await notify(app, 'poseur.admin@demo.garage.fr', 'lyon');
    expect((await get(`/api/notifications/${id}`, fitter)).statusCode).toBe(404);
    for (const action of ['mark-read', 'mark-unread', 'archive']) {
      const response = await post(`/api/notifications/${id}/${action}`, fitter);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Notification introuvable');
    }
    const detail = notificationDetailResponseSchema.parse((await get(`/api/notifications/${id}`, admin)).json());
    expect(detail).toMatchObject({ isUnRead: true, archivedAt: null });
  });

  it('hides the caller’s notifications of a company outside the session’s scope', async () => {
    // multi@ is in Lyon (selected at login), Marseille and Bordeaux.
    const marseille = await notify(app, 'multi@demo.garage.fr', 'marseille');
    expect((await get(`/api/notifications/${marseille}`, multi)).statusCode).toBe(404);
    expect((await post(`/api/notifications/${marseille}/mark-read`, multi)).statusCode).toBe(404);
    const page = myNotificationsResponseSchema.parse((await get('/api/notifications/me?pageSize=100', multi)).json());
    expect(page.data.map((n) => n.id)).not.toContain(marseille);
    // TOUT (0) covers all of the user's companies.
    expect((await post('/company/select/0', multi)).statusCode).toBe(200);
    expect((await get(`/api/notifications/${marseille}`, multi)).statusCode).toBe(200);
  });
});

describe('POST /api/notifications/test-create', () => {
  it('does not exist in a normal start', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/notifications/test-create',
      payload: { email: 'poseur@demo.garage.fr', content: 'x', typeFolder: 'verif' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/notifications/unread-partials', () => {
  it('answers {} when nothing is unread', async () => {
    const cookie = await login(app, 'cmd@demo.garage.fr');
    await post('/api/notifications/mark-read', cookie);
    const response = await post('/api/notifications/unread-partials', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('builds a sanitized menu and one modal per unread alert', async () => {
    const cookie = await login(app, 'service.client@demo.garage.fr');
    await post('/api/notifications/mark-read', cookie);
    await notify(app, 'service.client@demo.garage.fr', 'paris', {
      content: 'ALERTE A TRAITER<br>Dossier AA-111-BB<br>Rappeler le client <img src=x onerror="alert(1)">',
    });
    await notify(app, 'service.client@demo.garage.fr', 'paris', { content: 'Simple<br>Dossier CC-222-DD<br>Rien' });
    const body = unreadPartialsResponseSchema.parse((await post('/api/notifications/unread-partials', cookie)).json());
    expect(body.menu).toContain('2 notification(s) non lue(s)');
    expect(body.menu).toContain('Simple');
    expect(body.modals).toHaveLength(1);
    expect(body.modals?.[0]).toContain('ALERTE A TRAITER');
    expect(body.modals?.[0]).not.toContain('onerror');
  });
});
