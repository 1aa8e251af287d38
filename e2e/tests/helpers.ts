import { expect, type Locator, type Page } from '@playwright/test';
import { withLuhnKey } from 'contracts';
import { PASSWORD } from './accounts';

/**
 * Signs in through the login page as a fresh clone of a demo account (same companies, roles and
 * password; its own notifications and sessions) and waits for the layout. Tests run in parallel on one
 * server: a clone keeps each test's state to itself and leaves the demo accounts as a newcomer finds them.
 * Returns the clone's e-mail.
 */
export async function loginAs(page: Page, demoEmail: string): Promise<string> {
  const response = await page.request.post('/api/test/clone-user', { data: { email: demoEmail } });
  expect(response.status(), `clone de ${demoEmail}`).toBe(201);
  const { email } = (await response.json()) as { email: string };
  await openSession(page, email);
  return email;
}

/**
 * Signs in through the API, as the login page does, and opens the home page: the login form has its own
 * tests (session, keyboard, invitation), and drawing it again before each of a hundred tests cost minutes
 * on two cores. The session cookie lands in the page's context; the display token where the app keeps it.
 */
export async function openSession(page: Page, email: string, password = PASSWORD): Promise<void> {
  const response = await page.request.post('/api/login', { data: { email, password } });
  expect(response.status(), `connexion de ${email}`).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/api/config');
  await page.evaluate((displayToken) => localStorage.setItem('garage.displayToken', displayToken), token);
  await page.goto('/');
  // The frame is drawn: its account button is there for every role (UNITÉS is not: a fitter has no units).
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible();
}

/** Signs in through the login page with an existing account and waits for the layout. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible();
}

const MENU = 'ul[aria-label="Menu principal"]';

/** Hrefs of the main group, then of "Suite du menu" (expanded, with its nested children). */
export async function menuHrefs(page: Page): Promise<{ main: string[]; more: string[] }> {
  const menu = page.locator(MENU);
  await expect(menu).toBeVisible();
  const main = await menu
    .locator(':scope > li.ant-menu-item a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const moreTitle = menu.locator(':scope > li.ant-menu-submenu > .ant-menu-submenu-title', {
    hasText: 'Suite du menu',
  });
  if ((await moreTitle.count()) === 0) return { main, more: [] };
  // A short menu (an accountant's, a fitter's) shows it open already.
  if ((await moreTitle.getAttribute('aria-expanded')) !== 'true') await moreTitle.click();
  const more = menu.locator(':scope > li.ant-menu-submenu > ul.ant-menu-sub');
  await expect(more).toBeVisible();
  const nested = more.locator('li.ant-menu-submenu');
  for (let i = 0; i < (await nested.count()); i++) {
    const submenu = nested.nth(i);
    const title = submenu.locator(':scope > .ant-menu-submenu-title');
    // A click during the parent's opening animation can be lost: open it until its links are on screen.
    await expect(async () => {
      if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
      await expect(submenu.locator('ul.ant-menu-sub a').first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  }
  const hrefs = await more.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return { main, more: hrefs };
}

/** Opens the account drawer and lists its links as [label, href]. */
export async function accountLinks(page: Page): Promise<[string, string][]> {
  await page.getByRole('button', { name: 'Mon compte' }).click();
  const drawer = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(drawer).toBeVisible();
  return drawer
    .getByRole('navigation', { name: 'Liens du compte' })
    .locator('a')
    .evaluateAll((links) =>
      links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? ''] as [string, string]),
    );
}

/** A folder of the test's own (test-only route), in the first garage of the signed-in clone `email`. */
export async function createTestFolder(
  page: Page,
  email: string,
  values: { lastName?: string; firstName?: string } = {},
): Promise<{ id: number; plate: string; number: string }> {
  const response = await page.request.post('/api/test/folder', { data: { email, ...values } });
  expect(response.status()).toBe(201);
  return response.json();
}

/**
 * Picks `option` (its title) in the antd select labelled `label` inside `scope` (a dialog, the page). `shown`: what
 * the select then shows when it is shorter than the option (« RCS » for « RCS — registre du commerce… »).
 */
export async function chooseOption(
  scope: Locator,
  page: Page,
  label: string,
  option: string,
  shown?: string,
): Promise<void> {
  const select = selectOf(scope, label);
  const chosen = shown
    ? select.locator('.ant-select-selection-item').getByText(shown, { exact: true })
    : select.locator(`.ant-select-selection-item[title="${option}"]`);
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  // On a loaded machine a click can land while the list is still opening and be lost: the list would stay open
  // over the form's buttons. So the choice is made again until the select shows it.
  await expect(async () => {
    if ((await open.count()) === 0) await select.click();
    await open.locator(`[title="${option}"]`).click({ timeout: 3_000 });
    await expect(chosen).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(open).toHaveCount(0);
}

/** The antd select labelled `label` (a required field's name starts with antd's "* "). */
export function selectOf(scope: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // `has` is queried inside each select: the inner locator must start from the page, not from `scope`.
  const combobox = scope.page().getByRole('combobox', { name: new RegExp(`^(\\* )?${escaped}$`) });
  return scope.locator('.ant-select', { has: combobox });
}

/** A SIRET of 14 digits passing the Luhn check, unique to this run. */
export const uniqueSiret = (): string =>
  withLuhnKey(`9${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`);

export interface OwnGarage {
  email: string;
  companyId: number;
}

/**
 * A garage of the test's own, with a user alone in it (the roles of the fitter admin): `jeton` units and an
 * hourly rate when given (POST /api/test/garage). `fitter`: the user is a fitter instead, linked to a technician
 * with one appointment today (`folderId`).
 */
export async function ownGarage(
  page: Page,
  options: {
    jeton?: number;
    hourlyRate?: number | null;
    fitter?: boolean;
    bare?: boolean;
    repairKind?: 'repair' | 'replacement';
  } = {},
): Promise<OwnGarage & { folderId?: number }> {
  const { fitter, ...rest } = options;
  const response = await page.request.post('/api/test/garage', {
    data: fitter
      ? { email: 'poseur@demo.garage.fr', technician: true, ...rest }
      : { email: 'poseur.admin@demo.garage.fr', ...rest },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

/** The UNITÉS counter of the top bar. */
export const unitsCounter = (page: Page) => page.getByTestId('units-counter');
/** UNITÉS shows exactly `count` (not 14 for 4). */
export const showsUnits = (count: number) => new RegExp(`UNITÉS\\s*${new Intl.NumberFormat('fr-FR').format(count)}$`);

/** A buyer an invoice may be issued to (the issue-time gate asks for a full address). */
export const buyer = (name: string) => ({ name, address: '3 place Bellecour', postalCode: '69002', city: 'Lyon' });

/**
 * Types an ISO day ("2026-11-15") or day and time ("2026-11-15T09:30") into a date field (antd's picker in French,
 * « 15/11/2026 09:30 ») as a user does, and confirms it with Enter.
 */
export async function fillDate(field: Locator, iso: string): Promise<void> {
  const [, year, month, day, time] = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d:\d\d))?$/.exec(iso) ?? [];
  if (!year) throw new Error(`not an ISO day: ${iso}`);
  await field.click();
  await field.fill(`${day}/${month}/${year}${time ? ` ${time}` : ''}`);
  await field.press('Enter');
}
