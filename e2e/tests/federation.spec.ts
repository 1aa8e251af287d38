import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

/** The remotes whose files a page load fetched, from the `/mf/<name>/` paths the production server uses. */
function watchRemotes(page: import('@playwright/test').Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.match(/^\/mf\/([^/]+)\//)?.[1];
    if (name) seen.add(name);
  });
  return seen;
}

test('une page ne télécharge que son remote (et la cloche de la barre du haut)', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  // The landing page finished loading its own remote before we start counting.
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  // The dashboard's chart is a lazy chunk of its own: its request must not be counted as the next page's.
  await page.waitForLoadState('networkidle');

  const seen = watchRemotes(page);
  await page.goto('/me/notifications');
  // The table of this page needs shared pro-table: it must come from what is loaded, not from other remotes.
  await expect(page.getByRole('heading', { name: 'Mes notifications' })).toBeVisible();
  await expect(page.locator('.ant-table')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...seen].sort()).toEqual(['notifications']);

  seen.clear();
  await page.goto('/quotation/list/quotation');
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...seen].sort()).toEqual(['billing', 'notifications']);
});
