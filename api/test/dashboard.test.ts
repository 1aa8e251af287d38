import {
  DASHBOARD_PERIOD_INVALID,
  dashboardFiguresSchema,
  dashboardLatestSchema,
  dashboardRankingsSchema,
  FOLDER_LIST_COLUMNS,
  folderListResponseSchema,
} from 'contracts';
import { and, count, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, memberships, users } from '../src/db/schema';
import { createTestApp, login } from './helpers';
import { companyId } from './notifications/fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let multi: string;
let lyon: number;
let companiesOfMulti: number[];

const from = new Date(Date.now() - 180 * 86_400_000).toISOString();
const to = new Date(Date.now() + 86_400_000).toISOString();
const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

beforeAll(async () => {
  app = await createTestApp();
  lyon = await companyId(app, 'lyon');
  companiesOfMulti = await Promise.all([
    companyId(app, 'lyon'),
    companyId(app, 'marseille'),
    companyId(app, 'bordeaux'),
  ]);
  [lyonAdmin, multi] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
  ]);
  expect((await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } })).statusCode).toBe(
    200,
  );
});
afterAll(() => app.close());

const get = async (url: string, cookie = lyonAdmin) => {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};
/** The same count, straight from the rows. */
const countRows = async (companyIds: number[], extra?: SQL) => {
  const [row] = await app.db
    .select({ n: count() })
    .from(folders)
    .where(
      and(
        inArray(folders.companyId, companyIds),
        gte(folders.createdAt, new Date(from)),
        lt(folders.createdAt, new Date(to)),
        extra,
      ),
    );
  return row?.n ?? 0;
};
const sum = (figures: { count: number }[]) => figures.reduce((total, figure) => total + figure.count, 0);

describe('dashboard figures', () => {
  it('folders by status add up to the folder list total of the same scope and period, and to the rows', async () => {
    const byStatus = dashboardFiguresSchema.parse(await get(`/api/dashboard/folders-by-status?${period}`));
    const columns = encodeURIComponent(JSON.stringify(FOLDER_LIST_COLUMNS));
    const list = folderListResponseSchema.parse(await get(`/api/folder/list/all?columnsMap=${columns}&${period}`));
    expect(sum(byStatus)).toBe(list.totalRecords);
    expect(sum(byStatus)).toBe(await countRows([lyon]));
    for (const figure of byStatus) expect(list.statusCounts?.[figure.label]).toBe(figure.count);
  });

  it('counts insurers, known-by and closed folders from the rows, never another garage’s', async () => {
    const insurers = dashboardFiguresSchema.parse(await get(`/api/dashboard/stats-insurances?${period}`));
    expect(sum(insurers)).toBe(await countRows([lyon]));
    const maif = insurers.find((figure) => figure.label === 'MAIF');
    expect(maif?.count).toBe(await countRows([lyon], eq(folders.insurer, 'MAIF')));
    expect(sum(insurers.map((figure) => ({ count: figure.closed ?? 0 })))).toBe(
      await countRows([lyon], isNotNull(folders.closedAt)),
    );
    const byInsurance = dashboardFiguresSchema.parse(await get(`/api/dashboard/folders-by-insurance?${period}`));
    expect(byInsurance.map(({ label, count }) => ({ label, count }))).toEqual(
      insurers.map(({ label, count }) => ({ label, count })),
    );
    const knownBy = dashboardFiguresSchema.parse(await get(`/api/dashboard/stats-knownby?${period}`));
    expect(sum(knownBy)).toBe(await countRows([lyon]));
  });

  it('ranks technicians, and centres side by side over several garages (TOUT)', async () => {
    const single = dashboardRankingsSchema.parse(await get(`/api/dashboard/rankings?${period}`));
    expect(single.technicians.length).toBeGreaterThan(0);
    expect(single.centres).toEqual([]);
    const all = dashboardRankingsSchema.parse(await get(`/api/dashboard/rankings?${period}`, multi));
    expect(all.centres.map((centre) => centre.label).sort()).toEqual(
      ['Vitrage Express Bordeaux', 'Vitrage Express Lyon', 'Vitrage Express Marseille'].sort(),
    );
    expect(sum(all.centres)).toBe(await countRows(companiesOfMulti));
    const closedOrder = all.centres.map((centre) => centre.closed ?? 0);
    expect([...closedOrder].sort((a, b) => b - a)).toEqual(closedOrder);
  });

  it('charts months, gives the latest folders, and refuses a period upside down or a stranger', async () => {
    const months = dashboardFiguresSchema.parse(await get(`/api/dashboard/chart/created-per-month?${period}`));
    expect(sum(months)).toBe(await countRows([lyon]));
    expect(months.every((month) => /^\d{4}-\d{2}$/.test(month.label))).toBe(true);
    const latest = dashboardLatestSchema.parse(await get('/api/dashboard'));
    expect(latest.folders).toHaveLength(10);
    const upsideDown = await app.inject({
      method: 'GET',
      url: `/api/dashboard/folders-by-status?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
      headers: { cookie: lyonAdmin },
    });
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json().message).toBe(DASHBOARD_PERIOD_INVALID);
    // A period out of any calendar the garage keeps (found by the fuzz test): nothing, not an error.
    for (const url of ['folders-by-status?to=0001-01-01T00:00:00Z', 'rankings?from=9999-01-01T00:00:00Z']) {
      expect(await get(`/api/dashboard/${url}`)).toEqual(
        url.startsWith('rankings') ? { technicians: [], centres: [] } : [],
      );
    }
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect(
      (await app.inject({ method: 'GET', url: '/api/dashboard/rankings', headers: { cookie: fitter } })).statusCode,
    ).toBe(403);
  });

  it('under TOUT, counts only the garages where the caller holds the dashboard, not one where they are a fitter', async () => {
    // The Lyon admin is also a mere fitter in Marseille: Marseille's folders are not their dashboard's.
    const marseille = await companyId(app, 'marseille');
    const [admin] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'poseur.admin@demo.garage.fr'));
    if (!admin) throw new Error('no Lyon admin');
    await app.db.insert(memberships).values({ userId: admin.id, companyId: marseille, roles: ['ROLE_POSEUR'] });
    try {
      const both = await login(app, 'poseur.admin@demo.garage.fr');
      const selected = await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: both } });
      expect(selected.statusCode).toBe(200);
      expect(await countRows([marseille])).toBeGreaterThan(0);
      const byStatus = dashboardFiguresSchema.parse(await get(`/api/dashboard/folders-by-status?${period}`, both));
      expect(sum(byStatus)).toBe(await countRows([lyon]));
      const latest = dashboardLatestSchema.parse(await get('/api/dashboard', both));
      const lyonFolders = await app.db.select({ id: folders.id }).from(folders).where(eq(folders.companyId, lyon));
      const lyonIds = new Set(lyonFolders.map((row) => row.id));
      expect(latest.folders.every((folder) => lyonIds.has(folder.id))).toBe(true);
    } finally {
      await app.db
        .delete(memberships)
        .where(and(eq(memberships.userId, admin.id), eq(memberships.companyId, marseille)));
    }
  });
});
