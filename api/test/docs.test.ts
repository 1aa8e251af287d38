import { DOC_PARENT_INVALID, type DocNode, docPageSchema, docsTreeSchema, docVersionListSchema } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docPageReads } from '../src/db/schema';
import { createTestApp, login } from './helpers';
import { userId } from './notifications/fixtures';

let app: FastifyInstance;
let fitter: string;
let franchisor: string;
let fitterAdmin: string;
let accountant: string;
let referent: string;

beforeAll(async () => {
  app = await createTestApp();
  [fitter, franchisor, fitterAdmin, accountant, referent] = await Promise.all([
    login(app, 'poseur@demo.garage.fr'),
    login(app, 'franchiseur@demo.garage.fr'),
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'comptable@demo.garage.fr'),
    login(app, 'referent@demo.garage.fr'),
  ]);
});
afterAll(() => app.close());

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const tree = async (cookie: string) => docsTreeSchema.parse((await get('/api/docs/tree', cookie)).json());
const flat = (nodes: DocNode[]): DocNode[] => nodes.flatMap((node) => [node, ...flat(node.childreen)]);
const depth = (nodes: DocNode[]): number =>
  nodes.length ? 1 + Math.max(...nodes.map((node) => depth(node.childreen))) : 0;

describe('GET /api/docs/tree', () => {
  it('gives a franchise centre its franchise’s script: 30 pages and more over 3 levels, in order', async () => {
    const pages = await tree(fitter);
    expect(flat(pages).length).toBeGreaterThanOrEqual(30);
    expect(depth(pages)).toBe(3);
    expect(pages[0]?.title).toBe('1. Accueil de l’appel');
    expect(pages[0]?.childreen.map((child) => child.title)).toEqual([
      '1.1 Se présenter et identifier le client',
      '1.2 Identifier le véhicule',
      '1.3 Qualifier le dommage',
    ]);
  });

  it('gives an independent garage its own pages only, and a garage without a script nothing', async () => {
    const own = flat(await tree(accountant)).map((page) => page.title);
    expect(own).toContain('Procédure atelier');
    expect(own).not.toContain('1. Accueil de l’appel');
    expect(await tree(referent)).toEqual([]);
  });

  it('is not reachable without a session', async () => {
    expect((await get('/api/docs/tree')).statusCode).toBe(401);
    expect((await get('/api/docs/pages/1')).statusCode).toBe(401);
  });
});

describe('GET /api/docs/pages/{id}', () => {
  it('answers the page and logs who read it', async () => {
    const [first] = flat(await tree(fitter));
    if (!first) throw new Error('no page');
    const response = await get(`/api/docs/pages/${first.id}`, fitter);
    expect(response.statusCode).toBe(200);
    expect(docPageSchema.parse(response.json()).title).toBe(first.title);
    const reads = await app.db.select().from(docPageReads).where(eq(docPageReads.pageId, first.id));
    expect(reads.map((read) => read.userId)).toContain(await userId(app, 'poseur@demo.garage.fr'));
  });

  it('answers 404 for another network’s page, and logs nothing', async () => {
    const [franchisePage] = flat(await tree(fitter));
    if (!franchisePage) throw new Error('no page');
    const before = await app.db.select().from(docPageReads).where(eq(docPageReads.pageId, franchisePage.id));
    expect((await get(`/api/docs/pages/${franchisePage.id}`, accountant)).statusCode).toBe(404);
    const after = await app.db.select().from(docPageReads).where(eq(docPageReads.pageId, franchisePage.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('editing', () => {
  it('versions every save, sanitizes the content, restores a past version as a new one', async () => {
    const created = await send('POST', '/api/docs/pages', franchisor, {
      title: 'Page de test',
      content: '<p>Première rédaction</p>',
    });
    expect(created.statusCode).toBe(201);
    const page = docPageSchema.parse(created.json());
    expect(page.version).toBe(1);
    const edited = await send('PUT', `/api/docs/pages/${page.id}`, franchisor, {
      title: 'Page de test (modifiée)',
      content: '<p>Seconde rédaction</p><script>alert(1)</script><img src=x onerror=alert(2)>',
      parentId: null,
      position: 99,
    });
    expect(edited.statusCode).toBe(200);
    const second = docPageSchema.parse(edited.json());
    expect(second.version).toBe(2);
    expect(second.content).toContain('Seconde rédaction');
    expect(second.content).not.toMatch(/script|onerror/);
    const versions = docVersionListSchema.parse((await get(`/api/docs/pages/${page.id}/versions`, franchisor)).json());
    expect(versions.map((version) => version.version)).toEqual([2, 1]);
    const restored = docPageSchema.parse(
      (await send('POST', `/api/docs/pages/${page.id}/versions/1/restore`, franchisor)).json(),
    );
    expect(restored).toMatchObject({ version: 3, title: 'Page de test', content: '<p>Première rédaction</p>' });
    // The centres of the franchise read the new page.
    expect(flat(await tree(fitter)).some((node) => node.id === page.id)).toBe(true);
  });

  it('keeps two concurrent saves as two versions', async () => {
    const page = docPageSchema.parse(
      (await send('POST', '/api/docs/pages', franchisor, { title: 'Concurrence', content: '<p>v1</p>' })).json(),
    );
    const saves = await Promise.all(
      ['A', 'B'].map((text) =>
        send('PUT', `/api/docs/pages/${page.id}`, franchisor, {
          title: `Concurrence ${text}`,
          content: `<p>${text}</p>`,
        }),
      ),
    );
    expect(saves.map((save) => save.statusCode)).toEqual([200, 200]);
    expect(saves.map((save) => save.json().version).sort()).toEqual([2, 3]);
    const versions = docVersionListSchema.parse((await get(`/api/docs/pages/${page.id}/versions`, franchisor)).json());
    expect(versions.map((version) => version.version)).toEqual([3, 2, 1]);
  });

  it('refuses a parent of another network, the page itself or one of its descendants', async () => {
    const [parent] = flat(await tree(fitter));
    const child = parent?.childreen[0];
    if (!parent || !child) throw new Error('no pages');
    const cycle = await send('PUT', `/api/docs/pages/${parent.id}`, franchisor, {
      title: parent.title,
      content: parent.content,
      parentId: child.id,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(DOC_PARENT_INVALID);
    const [independentPage] = flat(await tree(accountant));
    const foreign = await send('POST', '/api/docs/pages', franchisor, {
      title: 'Intrus',
      content: '',
      parentId: independentPage?.id ?? 0,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('is for super admins and franchisors only, on their own network', async () => {
    const [page] = flat(await tree(fitter));
    if (!page) throw new Error('no page');
    const body = { title: 'Piraté', content: '<p>x</p>' };
    expect((await send('PUT', `/api/docs/pages/${page.id}`, fitterAdmin, body)).statusCode).toBe(403);
    expect((await send('POST', '/api/docs/pages', fitter, body)).statusCode).toBe(403);
    expect((await get(`/api/docs/pages/${page.id}/versions`, fitterAdmin)).statusCode).toBe(403);
    expect((await tree(fitter)).flatMap((node) => node.title)).not.toContain('Piraté');
  });

  it('says in French what is wrong with a page', async () => {
    const response = await send('POST', '/api/docs/pages', franchisor, { title: ' ', content: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Le titre est obligatoire');
  });
});
