import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

test('un onglet resté ouvert renouvelle sa session avant son premier appel : aucun 401 dans la console', async ({
  page,
}) => {
  // The page's clock is the test's: sixteen minutes pass in a moment.
  await page.clock.install();
  const pending = new Set<string>();
  const tracked = (url: string) => url.includes('/api/') && !url.includes('/api/notifications/stream');
  page.on('request', (request) => tracked(request.url()) && pending.add(request.url()));
  page.on('requestfinished', (request) => pending.delete(request.url()));
  page.on('requestfailed', (request) => pending.delete(request.url()));
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  // The home page's first reads have all answered: the tab is idle from here on.
  await expect.poll(() => pending.size).toBe(0);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });

  // Fourteen minutes idle: what the page does meanwhile (timers) still finds the session open.
  await page.clock.fastForward('14:30');
  await expect.poll(() => pending.size).toBe(0);
  // Then the server closes the session's access window (15 min) as the page's clock goes past it.
  expect((await page.request.post('/api/test/session-window-closed')).status()).toBe(204);
  await page.clock.fastForward('01:30');

  const renewed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/token/refresh');
  const users = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/users'));
  await page.getByRole('button', { name: 'Mon compte' }).click();
  await page.getByRole('link', { name: 'Mes utilisateurs' }).click();
  expect((await renewed).status()).toBe(200);
  expect((await users).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes utilisateurs' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(refused).toEqual([]);
});
