import {
  ACCOUNT_NUMBER_INVALID,
  ACCOUNTING_PATHS,
  accountLabelConflict,
  accountPrefixRefusal,
  DEMO_COMPANIES,
  JOURNAL_UNKNOWN,
  PERIOD_EXPORT_REVERSED,
  PERIOD_EXPORT_TOO_LONG,
  parisToday,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMappings, companies, memberships, users } from '../../src/db/schema';
import { COMPANY_FORBIDDEN_MESSAGE, FORBIDDEN_MESSAGE } from '../../src/plugins/app/auth';
import { createTestApp, login, ownTestGarage } from '../helpers';

/*
 * Who reads a garage's accounting and who changes its chart: the accountant and the admins of THAT garage
 * only; another garage's user gets 403 and nothing of it; what is asked is checked and refused in French.
 */

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof ownTestGarage>>;
let centre: number;
let lyon: number;
const today = parisToday();
const period = { from: `${today.slice(0, 4)}-01-01`, to: today };

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  owner = await ownTestGarage(app);
  const ids = async (name: string) =>
    (await app.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]?.id ?? 0;
  centre = await ids(DEMO_COMPANIES.centre);
  lyon = await ids(DEMO_COMPANIES.lyon);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** Every read of a garage's accounting. */
const reads = (companyId: number) => [
  ACCOUNTING_PATHS.settings(companyId),
  `${ACCOUNTING_PATHS.summary(companyId)}?from=${period.from}&to=${period.to}`,
  `${ACCOUNTING_PATHS.entries(companyId)}?from=${period.from}&to=${period.to}&journal=VT`,
  ACCOUNTING_PATHS.fec(companyId, period),
  ACCOUNTING_PATHS.journals(companyId, period, 'csv'),
];

describe('accounting access', () => {
  it('keeps a garage’s accounting from another garage’s admin and accountant: 403, nothing of it', async () => {
    const accountant = await login(app, 'comptable@demo.garage.fr');
    for (const [url, cookie] of [
      ...reads(centre).map((url) => [url, owner.cookie] as const),
      ...reads(owner.companyId).map((url) => [url, accountant] as const),
    ]) {
      const answer = await call('GET', url, cookie);
      expect([answer.statusCode, answer.json()], url).toEqual([
        403,
        { message: COMPANY_FORBIDDEN_MESSAGE, statusCode: 403, requestId: expect.any(String) },
      ]);
    }
  });

  it('opens a garage only to whom holds the right there, not through a role in another garage', async () => {
    // The test garage's admin is also a fitter of Lyon: admin rights at home open nothing in Lyon.
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
    await app.db.insert(memberships).values({ userId: user?.id ?? 0, companyId: lyon, roles: ['ROLE_POSEUR'] });
    const answer = await call('GET', ACCOUNTING_PATHS.fec(lyon, period), owner.cookie);
    expect([answer.statusCode, answer.json().message]).toEqual([403, COMPANY_FORBIDDEN_MESSAGE]);
    expect((await call('GET', ACCOUNTING_PATHS.settings(owner.companyId), owner.cookie)).statusCode).toBe(200);
  });

  it('refuses roles without the right: a fitter reads nothing, the accountant reads but does not change the chart', async () => {
    const fitter = await login(app, 'poseur@demo.garage.fr');
    const refused = await call('GET', ACCOUNTING_PATHS.settings(lyon), fitter);
    expect([refused.statusCode, refused.json().message]).toEqual([403, FORBIDDEN_MESSAGE]);

    const accountant = await login(app, 'comptable@demo.garage.fr');
    const settings = await call('GET', ACCOUNTING_PATHS.settings(centre), accountant);
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ canEditMapping: false, garage: 'Garage du Centre SARL' });
    const change = await call('PUT', ACCOUNTING_PATHS.accounts(centre), accountant, {
      accounts: [{ key: 'bank', account: '5121', label: 'Banque Populaire' }],
    });
    expect([change.statusCode, change.json().message]).toEqual([403, FORBIDDEN_MESSAGE]);
    expect(await app.db.select().from(accountMappings).where(eq(accountMappings.companyId, centre))).toEqual([]);
  });
});

describe('what is asked', () => {
  it('refuses a period backwards, longer than a year, or a journal that does not exist', async () => {
    const summary = ACCOUNTING_PATHS.summary(owner.companyId);
    const backwards = await call('GET', `${summary}?from=2026-03-01&to=2026-02-01`, owner.cookie);
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, PERIOD_EXPORT_REVERSED]);
    const long = await call(
      'GET',
      ACCOUNTING_PATHS.fec(owner.companyId, { from: '2024-01-01', to: '2025-06-30' }),
      owner.cookie,
    );
    expect([long.statusCode, long.json().message]).toEqual([400, PERIOD_EXPORT_TOO_LONG]);
    const journal = await call(
      'GET',
      `${ACCOUNTING_PATHS.entries(owner.companyId)}?from=${period.from}&to=${period.to}&journal=OD`,
      owner.cookie,
    );
    expect([journal.statusCode, journal.json().message]).toEqual([400, JOURNAL_UNKNOWN]);
  });

  it('refuses an account outside its class, a malformed number, and two labels for one account', async () => {
    const put = (accounts: object[]) =>
      call('PUT', ACCOUNTING_PATHS.accounts(owner.companyId), owner.cookie, { accounts });
    const outside = await put([{ key: 'sales-labour', account: '411', label: 'Clients' }]);
    expect([outside.statusCode, outside.json().message]).toEqual([
      400,
      accountPrefixRefusal('Main-d’œuvre (lignes en heures)', '70'),
    ]);
    const malformed = await put([{ key: 'bank', account: '5l2', label: 'Banque' }]);
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, ACCOUNT_NUMBER_INVALID]);
    const twoLabels = await put([{ key: 'insurers', account: '411', label: 'Assureurs' }]);
    expect([twoLabels.statusCode, twoLabels.json().message]).toEqual([400, accountLabelConflict('411', 'Clients')]);
    // Refused changes left the chart as it was.
    expect(await app.db.select().from(accountMappings).where(eq(accountMappings.companyId, owner.companyId))).toEqual(
      [],
    );
    const own = await put([{ key: 'insurers', account: '4116', label: 'Clients assureurs' }]);
    expect(own.statusCode, own.body).toBe(200);
    expect(
      await app.db
        .select({ key: accountMappings.key })
        .from(accountMappings)
        .where(eq(accountMappings.companyId, owner.companyId)),
    ).toEqual([{ key: 'insurers' }]);
  });
});
