import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

/** The remote files a page load fetched: the `/mf/<name>/…` paths the production server uses. */
function watchRemoteFiles(page: import('@playwright/test').Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/mf/')) files.push(path);
  });
  return files;
}

/** The remotes of these files, each once, sorted. */
const remotesOf = (files: string[]) => [...new Set(files.map((path) => path.split('/')[2]))].sort();

test('une page ne télécharge que son remote (et la cloche de la barre du haut)', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  // The landing page finished loading its own remote before we start counting.
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  // The dashboard's chart is a lazy chunk of its own, asked for once the figures arrive: it must be there before
  // counting, or its late request would be counted as the next page's.
  await expect(page.getByTestId('monthly-chart')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const files = watchRemoteFiles(page);
  await page.goto('/me/notifications');
  // The table of this page needs shared pro-table: it must come from what is loaded, not from other remotes.
  await expect(page.getByRole('heading', { name: 'Mes notifications' })).toBeVisible();
  await expect(page.locator('.ant-table')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remotesOf(files), files.join(', ')).toEqual(['notifications']);

  files.length = 0;
  await page.goto('/quotation/list/quotation');
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remotesOf(files), files.join(', ')).toEqual(['billing', 'notifications']);
});
