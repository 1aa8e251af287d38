import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, folders, memberships, users } from '../../src/db/schema';
import { createTestApp, login } from '../helpers';
import { companyId } from '../notifications/fixtures';

/*
 * Rights are per garage (docs/product.md, roles); under TOUT the union of a user's roles may hold a permission through one
 * garage only. The accountant of garage A who is also a CMD of garage B opens folders (CMD) but only B's: A's folders
 * stay out of reach, as they are when A is selected; A's invoices (accountant) stay theirs.
 */

let app: FastifyInstance;
let cookie = '';
let centre = 0;
let lyon = 0;

beforeAll(async () => {
  app = await createTestApp();
  [centre, lyon] = await Promise.all([companyId(app, 'centre'), companyId(app, 'lyon')]);
  const [accountant] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'comptable@demo.garage.fr'));
  if (!accountant) throw new Error('no demo accountant');
  await app.db.insert(memberships).values({ userId: accountant.id, companyId: lyon, roles: ['ROLE_CMD'] });
  cookie = await login(app, 'comptable@demo.garage.fr');
  const all = await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie } });
  expect(all.statusCode).toBe(200);
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const firstFolderOf = async (garage: number) => {
  const [row] = await app.db.select({ id: folders.id }).from(folders).where(eq(folders.companyId, garage)).limit(1);
  if (!row) throw new Error(`no folder in garage ${garage}`);
  return row.id;
};

describe('a user whose roles differ per garage, under TOUT', () => {
  it('reads folders only in the garage where a role of theirs opens them', async () => {
    expect((await get(`/api/folder/${await firstFolderOf(lyon)}`)).statusCode).toBe(200);
    const outside = await get(`/api/folder/${await firstFolderOf(centre)}`);
    expect(outside.statusCode).toBe(404);
  });

  it('keeps the accountant’s invoices of their own garage, and only those', async () => {
    const list = await get('/api/quotation/list/invoice?page=1&pageSize=5');
    expect(list.statusCode).toBe(200);
    const [centreInvoices] = await app.db
      .select({ n: count() })
      .from(billingDocuments)
      .where(and(eq(billingDocuments.companyId, centre), eq(billingDocuments.type, 'invoice')));
    expect(list.json().totalRecords).toBe(centreInvoices?.n);
  });
});

describe('a path naming a garage where the caller lacks the route’s permission', () => {
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('refuses the folder search there, and answers it where their role opens folders', async () => {
    expect((await post('/api/folder/app/search', { companyId: lyon, search: 'a' })).statusCode).toBe(200);
    const outside = await post('/api/folder/app/search', { companyId: centre, search: 'a' });
    expect([outside.statusCode, outside.json().message]).toEqual([403, 'Accès refusé à cette société']);
    expect((await get(`/api/company/${centre}/status-folder`)).statusCode).toBe(403);
  });

  it('keeps the hourly rate of the garage where they are the accountant out of their CMD role elsewhere', async () => {
    const outside = await post(`/api/company/${centre}/fees`, { hourlyRate: 1 });
    expect(outside.statusCode).toBe(403);
    expect((await post(`/api/company/${lyon}/fees`, { hourlyRate: 61 })).statusCode).toBe(200);
  });
});
