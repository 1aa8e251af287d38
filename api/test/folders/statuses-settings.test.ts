import {
  FOLDER_STATUS_LABEL_TAKEN,
  FOLDER_STATUS_NOT_FOUND,
  FOLDER_STATUS_ORDER_INVALID,
  FOLDER_STATUS_SYSTEM_KEPT,
  type FolderStatusSetting,
  folderShowResponseSchema,
  folderStatusInUseMessage,
  folderStatusListSchema,
  folderStatusSettingListSchema,
  folderStatusSettingSchema,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../helpers';
import { companyId } from '../notifications/fixtures';
import { createFolder } from './fixtures';

let app: FastifyInstance;
let admin: string;
let cmd: string;
let franchisor: string;
let lyon: number;
let paris: number;
let head: number;

beforeAll(async () => {
  app = await createTestApp();
  [admin, cmd, franchisor] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
    login(app, 'franchiseur@demo.garage.fr'),
  ]);
  [lyon, paris, head] = await Promise.all([
    companyId(app, 'lyon'),
    companyId(app, 'paris'),
    companyId(app, 'franchisor'),
  ]);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const settings = async (company: number, cookie = admin) =>
  folderStatusSettingListSchema.parse((await call('GET', `/api/company/${company}/folder-statuses`, cookie)).json());
/** What the folder list's tabs and the folder page's select read. */
const folderStatuses = async (company: number, cookie = admin) =>
  folderStatusListSchema.parse((await call('GET', `/api/company/${company}/status-folder`, cookie)).json());

let counter = 0;
/** A label no other test of the file uses. */
const unique = (label: string) => `${label} ${++counter}-${Date.now().toString(36)}`;

async function create(label: string, color = 'orange', company = lyon): Promise<FolderStatusSetting> {
  const response = await call('POST', `/api/company/${company}/folder-statuses`, admin, { label, color });
  expect(response.statusCode, response.body).toBe(201);
  return folderStatusSettingSchema.parse(response.json());
}

describe('/api/company/{id}/folder-statuses', () => {
  it('lists the statuses in their order, the system ones marked, with their folder counts', async () => {
    const mine = await create(unique('Compté'));
    await createFolder(app, lyon, { statusId: mine.id });
    const list = await settings(lyon);
    expect(list.map((row) => row.position)).toEqual([...list.map((row) => row.position)].sort((a, b) => a - b));
    const open = list.find((row) => row.code === 'open');
    expect(open).toMatchObject({ system: true });
    expect(open?.folderCount).toBeGreaterThan(0);
    expect(list.find((row) => row.id === mine.id)).toMatchObject({ system: false, code: '', folderCount: 1 });
    expect(list.at(-1)?.id).toBe(mine.id);
  });

  it('adds a status of the garage last, which the folder screens then offer', async () => {
    const label = unique('Attente pièce');
    const created = await create(label, 'magenta');
    expect(created).toMatchObject({ label, color: 'magenta', system: false, folderCount: 0 });
    const statuses = await folderStatuses(lyon);
    expect(statuses.at(-1)).toMatchObject({ id: created.id, label, color: 'magenta', code: '' });
    const folder = await createFolder(app, lyon);
    const show = folderShowResponseSchema.parse((await call('GET', `/api/folder/show/${folder.id}`, admin)).json());
    expect(show.statuses.map((status) => status.id)).toContain(created.id);
    // Changing a folder to it works like to any other status.
    expect((await call('POST', `/api/folder/status-folder/${folder.id}/${created.id}`, admin)).statusCode).toBe(204);
  });

  it('renames and recolours a status; a system one keeps its code', async () => {
    const mine = await create(unique('Renommé'));
    const label = unique('Pare-brise commandé');
    const renamed = await call('PUT', `/api/company/${lyon}/folder-statuses/${mine.id}`, admin, {
      label,
      color: 'red',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: mine.id, label, color: 'red' });

    const wait = (await settings(lyon)).find((row) => row.code === 'wait_validation');
    if (!wait) throw new Error('no wait_validation status');
    const response = await call('PUT', `/api/company/${lyon}/folder-statuses/${wait.id}`, admin, {
      label: 'À valider par l’assureur',
      color: 'volcano',
    });
    expect(response.statusCode).toBe(200);
    expect((await folderStatuses(lyon)).find((row) => row.id === wait.id)).toMatchObject({
      code: 'wait_validation',
      label: 'À valider par l’assureur',
      color: 'volcano',
    });
  });

  it('refuses a bad label or colour in French', async () => {
    const empty = await call('POST', `/api/company/${lyon}/folder-statuses`, admin, { label: '  ', color: 'blue' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Le libellé est obligatoire');
    const long = await call('POST', `/api/company/${lyon}/folder-statuses`, admin, {
      label: 'x'.repeat(61),
      color: 'blue',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('60 caractères');
    const color = await call('POST', `/api/company/${lyon}/folder-statuses`, admin, {
      label: 'Couleur',
      color: '#f00',
    });
    expect(color.statusCode).toBe(400);
    expect(color.json().message).toContain('Couleur inconnue');
  });

  it('refuses a label the garage already has, whatever its case', async () => {
    const label = unique('Doublon');
    const first = await create(label);
    const before = await settings(lyon);
    const again = await call('POST', `/api/company/${lyon}/folder-statuses`, admin, {
      label: label.toUpperCase(),
      color: 'blue',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FOLDER_STATUS_LABEL_TAKEN);
    const other = await create(unique('Autre'));
    const renamed = await call('PUT', `/api/company/${lyon}/folder-statuses/${other.id}`, admin, {
      label: ` ${label.toLowerCase()} `,
      color: 'blue',
    });
    expect(renamed.statusCode).toBe(409);
    // Its own label in another case is no duplicate.
    const recased = await call('PUT', `/api/company/${lyon}/folder-statuses/${first.id}`, admin, {
      label: label.toLowerCase(),
      color: 'blue',
    });
    expect(recased.statusCode).toBe(200);
    expect((await settings(lyon)).length).toBe(before.length + 1);
  });

  it('reorders every status at once, and the folder screens follow the new order', async () => {
    const mine = await create(unique('En tête'));
    const before = await settings(lyon);
    const ids = [mine.id, ...before.map((row) => row.id).filter((id) => id !== mine.id)];
    const response = await call('PUT', `/api/company/${lyon}/folder-statuses/order`, admin, { ids });
    expect(response.statusCode).toBe(200);
    const after = folderStatusSettingListSchema.parse(response.json());
    expect(after.map((row) => row.id)).toEqual(ids);
    expect(after.map((row) => row.position)).toEqual(ids.map((_, index) => index + 1));
    expect((await folderStatuses(lyon)).map((row) => row.id)).toEqual(ids);
    const folder = await createFolder(app, lyon);
    const show = folderShowResponseSchema.parse((await call('GET', `/api/folder/show/${folder.id}`, admin)).json());
    expect(show.statuses.map((status) => status.id)).toEqual(ids);
  });

  it('refuses an order that is not the whole list, each once', async () => {
    const before = await settings(lyon);
    const ids = before.map((row) => row.id);
    const parisIds = (await folderStatuses(paris, cmd)).map((row) => row.id);
    for (const wrong of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), parisIds[0]], [...ids, parisIds[0]], []]) {
      const response = await call('PUT', `/api/company/${lyon}/folder-statuses/order`, admin, { ids: wrong });
      expect(response.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(response.json().message).toContain(FOLDER_STATUS_ORDER_INVALID);
    }
    expect(await settings(lyon)).toEqual(before);
  });

  it('deletes an unused status of the garage, not a used one nor a system one', async () => {
    const used = await create(unique('Utilisé'));
    await createFolder(app, lyon, { statusId: used.id });
    await createFolder(app, lyon, { statusId: used.id });
    const refused = await call('DELETE', `/api/company/${lyon}/folder-statuses/${used.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(folderStatusInUseMessage(2));
    expect(refused.json().message).toBe(
      'Ce statut est utilisé par 2 dossiers : changez-les de statut avant de le supprimer',
    );

    const close = (await settings(lyon)).find((row) => row.code === 'close');
    const system = await call('DELETE', `/api/company/${lyon}/folder-statuses/${close?.id}`, admin);
    expect(system.statusCode).toBe(409);
    expect(system.json().message).toBe(FOLDER_STATUS_SYSTEM_KEPT);

    const unused = await create(unique('Inutile'));
    expect((await call('DELETE', `/api/company/${lyon}/folder-statuses/${unused.id}`, admin)).statusCode).toBe(204);
    const left = await settings(lyon);
    expect(left.map((row) => row.id)).toContain(used.id);
    expect(left.map((row) => row.id)).toContain(close?.id);
    expect(left.map((row) => row.id)).not.toContain(unused.id);
    expect((await call('DELETE', `/api/company/${lyon}/folder-statuses/${unused.id}`, admin)).statusCode).toBe(404);
  });

  it('keeps another garage out: it neither reads nor changes these statuses', async () => {
    const mine = await create(unique('Privé'));
    const before = await settings(lyon);
    const ids = before.map((row) => row.id);
    const body = { label: 'Piraté', color: 'red' };
    // The company is not the caller's: refused like every company route (assertCompanyInScope).
    expect((await call('GET', `/api/company/${lyon}/folder-statuses`, franchisor)).statusCode).toBe(403);
    expect((await call('POST', `/api/company/${lyon}/folder-statuses`, franchisor, body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${lyon}/folder-statuses/${mine.id}`, franchisor, body)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/company/${lyon}/folder-statuses/${mine.id}`, franchisor)).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${lyon}/folder-statuses/order`, franchisor, { ids })).statusCode).toBe(403);
    // Through its own company, a status of Lyon is no status of it.
    const put = await call('PUT', `/api/company/${head}/folder-statuses/${mine.id}`, franchisor, body);
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(FOLDER_STATUS_NOT_FOUND);
    expect((await call('DELETE', `/api/company/${head}/folder-statuses/${mine.id}`, franchisor)).statusCode).toBe(404);
    expect((await call('PUT', `/api/company/${head}/folder-statuses/order`, franchisor, { ids })).statusCode).toBe(400);
    expect((await settings(head, franchisor)).map((row) => row.id)).not.toContain(mine.id);
    expect(await settings(lyon)).toEqual(before);
  });

  it('is kept by the garage’s admins only, and never for TOUT', async () => {
    expect((await call('GET', `/api/company/${paris}/folder-statuses`, cmd)).statusCode).toBe(403);
    const post = await call('POST', `/api/company/${paris}/folder-statuses`, cmd, { label: 'Non', color: 'blue' });
    expect(post.statusCode).toBe(403);
    // CMD still reads the statuses of its folders.
    expect((await folderStatuses(paris, cmd)).length).toBeGreaterThan(0);
    expect((await call('GET', '/api/company/0/folder-statuses', admin)).statusCode).toBe(400);
  });
});
