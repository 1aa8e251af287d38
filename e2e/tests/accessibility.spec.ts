import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { can, displayTokenClaimsSchema, matchPath, PAGES, type PageRoute, vehiclePath } from 'contracts';
import { loginAs } from './helpers';
import { clippedTexts, fitProblems, laidOut } from './page-fit';

/**
 * axe-core over every page of the route table: any serious or critical violation fails, and so does a
 * page that scrolls sideways, cuts a label or shows an English word at 1280 or 1440 px (page-fit.ts), or a list
 * whose shown columns do not fit at 1280 px. Parametrised pages (a folder, a document...) are opened through a link
 * found on the pages visited before, as a user reaches them.
 *
 * In the test command: every page as the garage's admin (who opens all but the fitter's), the fitter's pages as the
 * fitter, the pages the admin cannot open as a role that can (the franchisor's network, « Mes clients »), and every
 * other role's layout (menu, top bar) on its first page, also on a phone, which keeps the run near three minutes.
 * `pnpm test:a11y` (A11Y_ALL_ROLES=1) audits every page for every role that can open it (about 300 visits).
 */
const ALL_ROLES = process.env.A11Y_ALL_ROLES === '1';
const ADMIN = 'poseur.admin@demo.garage.fr';
const FITTER = 'poseur@demo.garage.fr';
const ROLE_ACCOUNTS = [
  'superadmin@demo.garage.fr',
  'franchiseur@demo.garage.fr',
  'poseur.admin@demo.garage.fr',
  'poseur@demo.garage.fr',
  'cmd@demo.garage.fr',
  'service.client@demo.garage.fr',
  'service.client.limit@demo.garage.fr',
  'commercial@demo.garage.fr',
  'comptable@demo.garage.fr',
  'referent@demo.garage.fr',
];

async function claimsOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('garage.displayToken'));
  const payload = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8'));
  return displayTokenClaimsSchema.parse(payload);
}

const rolesOf = async (page: Page): Promise<string[]> => (await claimsOf(page)).roles;

/** A page of the signed-in franchisor's own network. */
async function franchisePage(page: Page, tail: string): Promise<string | undefined> {
  const { franchiseId } = await claimsOf(page);
  return franchiseId === null ? undefined : `/franchise/${franchiseId}/${tail}`;
}

/** The page is drawn: its heading is there and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
}

/** The page of the first row of a server-paged list (`{ data: [{ id }] }`), or undefined when it is empty. */
async function firstRow(page: Page, list: string, pageOf: (id: number) => string): Promise<string | undefined> {
  const answer = await page.request.get(`${list}?current=1&pageSize=1`);
  const id = ((await answer.json()) as { data?: { id: number }[] }).data?.[0]?.id;
  return id === undefined ? undefined : pageOf(id);
}

/**
 * Pages whose way in is a button or a row's click rather than a link: the path a user lands on, from the server's
 * own data (undefined when this account has none, e.g. no intervention today).
 */
const DIRECT: Record<string, (page: Page) => Promise<string | undefined>> = {
  '/quotation/new/:type': async () => '/quotation/new/quotation',
  '/folder/list/all/:product': async () => '/folder/list/all/pare-brise',
  '/folder/list/my/:product': async () => '/folder/list/my/pare-brise',
  '/folder/show/:id': async (page) => firstRow(page, '/api/folder/list/all', (id) => `/folder/show/${id}`),
  // Reached by the folder page's links too; named here so the audit does not hang on the order it meets them in.
  '/customer/:folderId': async (page) => firstRow(page, '/api/folder/list/all', (id) => `/customer/${id}`),
  '/vehicle/:plate': async (page) => {
    const answer = await page.request.get('/api/folder/list/all?current=1&pageSize=1');
    const plate = ((await answer.json()) as { data?: { plate: string }[] }).data?.[0]?.plate;
    return plate ? vehiclePath(plate) : undefined;
  },
  '/quotation/show/:id': async (page) =>
    firstRow(page, '/api/quotation/list/quotation', (id) => `/quotation/show/${id}`),
  '/message_template/:id/edit': async (page) =>
    firstRow(page, '/api/message_template/mail/list', (id) => `/message_template/${id}/edit`),
  '/notifications/:id': async (page) => {
    const answer = await page.request.get('/api/notifications/me?current=1&pageSize=1');
    const id = ((await answer.json()) as { data?: { id: number }[] }).data?.[0]?.id;
    return id === undefined ? undefined : `/notifications/${id}`;
  },
  '/docs/:pageId': async (page) => {
    const tree = (await (await page.request.get('/api/docs/tree')).json()) as { id: number }[];
    return tree[0] ? `/docs/${tree[0].id}` : undefined;
  },
  // The franchisor's network pages: its own franchise, as its side menu links it.
  '/franchise/:franchiseId/network': async (page) => franchisePage(page, 'network'),
  '/franchise/:franchiseId/centers_list': async (page) => franchisePage(page, 'centers_list'),
  '/franchise/:franchiseId/add_center': async (page) => franchisePage(page, 'add_center'),
  '/calendar/task/:folderId': async (page) => {
    const answer = await page.request.get('/api/fitter/tasks/today');
    const folderId = ((await answer.json()) as { tasks?: { folderId: number }[] }).tasks?.[0]?.folderId;
    return folderId === undefined ? undefined : `/calendar/task/${folderId}`;
  },
};

/** Client-side navigation, as the menu does: no reload of the shell and its remotes between two audits. */
async function open(page: Page, path: string, first: boolean): Promise<void> {
  if (first) await page.goto(path);
  else {
    // The router may keep the previous page on screen while the next one's code loads (a transition): the audit waits
    // for its heading to go or change, so it never audits, nor takes the links of, the page it just left. A page drawn
    // by the same component with the same heading (a list and its filtered path) is not waited for past 5 s.
    await page.evaluate((to) => {
      const heading = document.querySelector('main h1, main h2, main h3');
      Object.assign(window, { __auditLeft: heading, __auditLeftText: heading?.textContent });
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page
      .waitForFunction(
        () => {
          const { __auditLeft: left, __auditLeftText: text } = window as unknown as {
            __auditLeft?: Element | null;
            __auditLeftText?: string | null;
          };
          return !left?.isConnected || left.textContent !== text;
        },
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
  }
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await settled(page);
}

/**
 * How far the widest list of the page scrolls inside itself (0: its shown columns fit). Secondary columns wait in
 * « Colonnes » (ServerColumn's `secondary`) so that the key ones stay on screen at 1280 px.
 */
const tableOverflow = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('main .ant-table-body, main .ant-table-content')].map(
        (table) => table.scrollWidth - table.clientWidth,
      ),
    ),
  );

const linksOf = (page: Page) =>
  page.$$eval('a[href^="/"]', (anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

/** Moderate and minor findings do not fail the run: each rule is printed once, with the first page it was seen on. */
const lesser = new Map<string, string>();

async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  for (const violation of results.violations) {
    if (violation.impact === 'serious' || violation.impact === 'critical' || lesser.has(violation.id)) continue;
    const where = new URL(page.url()).pathname;
    lesser.set(violation.id, where);
    console.log(
      `axe-core, ${violation.impact ?? 'sans gravité'} (n’échoue pas) : ${violation.id} — ${violation.help}, vu sur ${where}`,
    );
  }
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * Audits `routes` as `email`: the fixed paths first (collecting their links), then the parametrised ones. `layout`
 * audits the whole page (menu, top bar) on the first visit, then only `main`.
 */
async function auditRoutes(page: Page, email: string, routes: PageRoute[]): Promise<string[]> {
  const fixed = routes.filter((route) => !route.path.includes(':'));
  const parametrised = routes.filter((route) => route.path.includes(':'));
  const seen = new Set<string>();
  const problems: string[] = [];
  let visits = 0;
  const audit = async (path: string) => {
    await open(page, path, visits === 0);
    for (const link of await linksOf(page)) seen.add(link);
    const violations = await seriousViolations(page, visits === 0 ? undefined : 'main');
    // Cut labels, sideways scroll and English words at 1280 and 1440 px: the frame on the first visit, then the page.
    violations.push(...(await fitProblems(page, visits === 0 ? 'body' : 'main', 800)));
    const cut = await tableOverflow(page);
    if (cut > 1) violations.push(`un tableau défile de ${cut} px sur le côté à 1280 × 800 (colonnes clés coupées)`);
    visits += 1;
    if (violations.length > 0) problems.push(`${path}:\n  ${violations.join('\n  ')}`);
  };
  for (const route of fixed) await audit(route.path);
  const reachable = (route: PageRoute) => [...seen].find((link) => matchPath(route.path, link));
  for (const route of parametrised) {
    const path = reachable(route) ?? (await DIRECT[route.path]?.(page));
    if (path) await audit(path);
    else if (route.path !== '/calendar/task/:folderId' && route.path !== '/notifications/:id')
      problems.push(`${route.path}: aucun chemin vers cette page`);
  }
  console.log(`axe-core, ${email.split('@')[0]} : ${visits} pages auditées`);
  return problems;
}

async function routesOf(page: Page, email: string): Promise<PageRoute[]> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, email);
  const roles = await rolesOf(page);
  return PAGES.filter((route) => can(roles, route.permission));
}

/** The pages the garage's admin opens (audited by the two halves). */
const ADMIN_PAGES = PAGES.filter((route) => can(['ROLE_POSEUR_ADMIN'], route.permission)).map((route) => route.path);

/** The top bar on a phone (390 × 844): the garage's name and the buttons fit, nothing cut. */
async function phoneTopBar(page: Page, email: string): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 844 });
  await laidOut(page);
  const cut = await clippedTexts(page, 'header');
  await page.setViewportSize({ width: 1280, height: 800 });
  return cut.map((problem) => `barre du haut de ${email.split('@')[0]} sur téléphone : ${problem}`);
}

if (ALL_ROLES) {
  for (const email of ROLE_ACCOUNTS) {
    test(`accessibilité (axe-core) : chaque page que ${email.split('@')[0]} peut ouvrir`, async ({ page }) => {
      test.setTimeout(900_000);
      const problems = await auditRoutes(page, email, await routesOf(page, email));
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
} else {
  // The admin's pages in two halves, run side by side.
  for (const half of [0, 1]) {
    test(`accessibilité (axe-core) : les pages de l’administrateur du garage, moitié ${half + 1}`, async ({ page }) => {
      test.setTimeout(300_000);
      const routes = await routesOf(page, ADMIN);
      const fixed = routes.filter((route) => !route.path.includes(':'));
      const middle = Math.ceil(fixed.length / 2);
      const mine =
        half === 0
          ? fixed.slice(0, middle)
          : [...fixed.slice(middle), ...routes.filter((route) => route.path.includes(':'))];
      const problems = await auditRoutes(page, ADMIN, mine);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  test('accessibilité (axe-core) : les pages du poseur, celles que l’administrateur n’ouvre pas, et la mise en page de chaque rôle', async ({
    page,
  }) => {
    test.setTimeout(400_000);
    const fitterRoutes = (await routesOf(page, FITTER)).filter((route) => route.path.startsWith('/calendar/task'));
    const problems = await auditRoutes(page, FITTER, fitterRoutes);
    problems.push(...(await phoneTopBar(page, FITTER)));
    const audited = new Set([...ADMIN_PAGES, ...fitterRoutes.map((route) => route.path)]);
    for (const email of ROLE_ACCOUNTS.filter((account) => account !== ADMIN && account !== FITTER)) {
      await page.context().clearCookies();
      const routes = await routesOf(page, email);
      const [first] = routes.filter((route) => !route.path.includes(':'));
      // The role's layout on its first page, and the pages nobody audited yet, as the first role that opens them.
      const unseen = routes.filter((route) => route !== first && !audited.has(route.path));
      for (const route of unseen) audited.add(route.path);
      if (first) problems.push(...(await auditRoutes(page, email, [first, ...unseen])));
      problems.push(...(await phoneTopBar(page, email)));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
