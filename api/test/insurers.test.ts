import {
  INSURER_DUPLICATE,
  INSURER_NETWORK_READ_ONLY,
  INSURER_SHARE_FRANCHISOR_ONLY,
  type InsurerBody,
  type InsurerEntry,
  insurerInUse,
  insurerListResponseSchema,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, body } from './billing/fixtures';
import { createFolder } from './folders/fixtures';
import { createTestApp, login } from './helpers';
import { companyId } from './notifications/fixtures';
import { pdfText } from './pdf-text';

/*
 * The insurer directory: a garage reads its own entries and its network's, changes only its own; the
 * franchisor keeps the network's. Never another garage's entries, whatever the call.
 */

let app: FastifyInstance;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  for (const account of ['poseur.admin', 'cmd', 'comptable', 'franchiseur', 'poseur', 'service.client']) {
    cookies[account] = await login(app, `${account}@demo.garage.fr`);
  }
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  app.inject({ method, url, headers: cookies[who] ? { cookie: cookies[who] } : {}, ...(payload ? { payload } : {}) });
const list = async (who: string, search = '') =>
  insurerListResponseSchema.parse((await call('GET', `/api/insurer/list?length=100&search=${search}`, who)).json())
    .data;
const entry = (values: Partial<InsurerBody> = {}): InsurerBody => ({
  shortName: `Mutuelle Essai ${Math.random().toString(36).slice(2, 8)}`,
  legalName: 'Mutuelle d’Essai SA',
  siren: '552 100 554',
  address: '1 rue des Assurances',
  postalCode: '69002',
  city: 'Lyon',
  ...values,
});
async function create(who: string, values: Partial<InsurerBody> = {}): Promise<InsurerEntry> {
  const response = await call('POST', '/api/insurer', who, entry(values));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('the insurer directory', () => {
  it('a franchisee reads its network’s entries (read-only) and its own', async () => {
    const own = await create('poseur.admin');
    const seen = await list('poseur.admin');
    const maif = seen.find((each) => each.shortName === 'MAIF');
    expect(maif).toMatchObject({ legalName: 'MAIF', siren: '775709702', shared: true, editable: false });
    expect(seen.find((each) => each.id === own.id)).toMatchObject({ shared: false, editable: true });
    expect((await call('PUT', `/api/insurer/${maif?.id}`, 'poseur.admin', entry())).json().message).toBe(
      INSURER_NETWORK_READ_ONLY,
    );
    const deleted = await call('DELETE', `/api/insurer/${maif?.id}`, 'poseur.admin');
    expect([deleted.statusCode, deleted.json().message]).toEqual([403, INSURER_NETWORK_READ_ONLY]);
  });

  it('keeps a garage’s own entries from every other garage: same network, independent, list, search and id', async () => {
    const own = await create('poseur.admin', { shortName: 'Assurance Lyonnaise Privée' });
    for (const other of ['cmd', 'comptable', 'franchiseur']) {
      expect((await list(other)).map((each) => each.id)).not.toContain(own.id);
      expect(await list(other, 'Lyonnaise')).toEqual([]);
      expect((await call('GET', `/api/insurer/${own.id}`, other)).statusCode).toBe(404);
      expect((await call('PUT', `/api/insurer/${own.id}`, other, entry())).statusCode).toBe(404);
      expect((await call('DELETE', `/api/insurer/${own.id}`, other)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/insurer/${own.id}`, 'poseur.admin')).json().shortName).toBe(
      'Assurance Lyonnaise Privée',
    );
  });

  it('finds a name typed without its accents (the one paged list search)', async () => {
    const own = await create('poseur.admin', {
      shortName: `Mutuelle Lefèvre ${Math.random().toString(36).slice(2, 8)}`,
    });
    expect((await list('poseur.admin', 'lefevre mutuelle')).map((each) => each.id)).toContain(own.id);
  });

  it('an independent garage has its own directory and never reads a network’s', async () => {
    const seen = await list('comptable');
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.every((each) => each.companyName === 'Garage du Centre' && each.editable)).toBe(true);
  });

  it('only the franchisor shares an entry with the network; the network then reads it', async () => {
    const refused = await call('POST', '/api/insurer', 'poseur.admin', entry({ shared: true }));
    expect([refused.statusCode, refused.json().message]).toEqual([403, INSURER_SHARE_FRANCHISOR_ONLY]);
    const shared = await create('franchiseur', { shared: true, shortName: 'Réseau Assur' });
    expect((await list('cmd')).find((each) => each.id === shared.id)).toMatchObject({ editable: false });
    expect((await list('comptable')).map((each) => each.id)).not.toContain(shared.id);
  });

  it('refuses bad input in French and a duplicate name in one directory, changing nothing', async () => {
    const bad = await call('POST', '/api/insurer', 'poseur.admin', entry({ siren: '552100555', postalCode: '6900' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/SIREN invalide|code postal/);
    const first = await create('poseur.admin', { shortName: 'Doublon Assur' });
    const twin = await call('POST', '/api/insurer', 'poseur.admin', entry({ shortName: 'doublon assur' }));
    expect([twin.statusCode, twin.json().message]).toEqual([409, INSURER_DUPLICATE]);
    expect((await list('poseur.admin', 'oublon')).map((each) => each.id)).toEqual([first.id]);
  });

  it('a renamed entry renames its folders; an entry a folder names is not deleted, an unused one is', async () => {
    const used = await create('poseur.admin', { shortName: 'Assur Avant' });
    const folder = await createFolder(app, await companyId(app, 'lyon'), { insurer: 'Assur Avant' });
    expect(folder.insurerId).toBe(used.id);
    const renamed = await call('PUT', `/api/insurer/${used.id}`, 'poseur.admin', entry({ shortName: 'Assur Après' }));
    expect(renamed.statusCode).toBe(200);
    const shown = await call('GET', `/api/folder/show/${folder.id}`, 'poseur.admin');
    expect(shown.json().folder).toMatchObject({ insurer: 'Assur Après', insurerId: used.id });
    const refused = await call('DELETE', `/api/insurer/${used.id}`, 'poseur.admin');
    expect([refused.statusCode, refused.json().message]).toEqual([409, insurerInUse(1)]);
    const unused = await create('poseur.admin');
    expect((await call('DELETE', `/api/insurer/${unused.id}`, 'poseur.admin')).statusCode).toBe(204);
    expect((await call('GET', `/api/insurer/${unused.id}`, 'poseur.admin')).statusCode).toBe(404);
  });

  it('is the buyer of the folder’s insurer invoices', async () => {
    const insurer = await create('poseur.admin', { shortName: 'Assur Facturée', legalName: 'Assur Facturée IARD SA' });
    const folder = await createFolder(app, await companyId(app, 'lyon'), { insurer: 'Assur Facturée' });
    const draft = await billing(app, cookies['poseur.admin'] ?? '').create(
      'invoice',
      body({ folderId: folder.id, billTo: 'insurer', customer: null }),
    );
    const read = await billing(app, cookies['poseur.admin'] ?? '').read(draft);
    expect(read.customer).toMatchObject({
      name: 'Assur Facturée IARD SA',
      siren: '552100554',
      address: '1 rue des Assurances',
      isBusiness: true,
    });
    expect(insurer.id).toBe(folder.insurerId);
  });

  it('prints its claims service’s billing address under the head office on its invoices, when it has one', async () => {
    const service = 'Service sinistres auto, TSA 41234, 69002 Lyon Cedex';
    const insurer = await create('poseur.admin', {
      shortName: 'Assur Service',
      legalName: 'Assur Service SA',
      billingAddress: service,
    });
    expect(insurer.billingAddress).toBe(service);
    const folder = await createFolder(app, await companyId(app, 'lyon'), { insurer: 'Assur Service' });
    const api = billing(app, cookies['poseur.admin'] ?? '');
    const draft = await api.create('invoice', body({ folderId: folder.id, billTo: 'insurer', customer: null }));
    expect((await api.read(draft)).customer).toMatchObject({
      address: '1 rue des Assurances',
      billingAddress: service,
    });
    const issued = await api.issue(draft, 'Accord de l’assureur par téléphone');
    const text = await pdfText((await api.call('GET', `/api/quotation/${issued.id}/pdf`)).rawPayload);
    expect(text).toContain('1 rue des Assurances');
    // The line wraps in its frame: read as one.
    expect(text.replace(/\s+/g, ' ')).toContain(`Adresse de facturation : ${service}`);
  });

  it('checks roles from the permission table and asks for a session', async () => {
    expect((await call('GET', '/api/insurer/list', 'poseur')).statusCode).toBe(403);
    expect((await call('POST', '/api/insurer', 'service.client', entry())).statusCode).toBe(403);
    expect((await call('GET', '/api/insurer/list', 'nobody')).statusCode).toBe(401);
  });
});
