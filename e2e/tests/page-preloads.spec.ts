import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers';

/** The files a page's HTML tells the browser to fetch at once, as the server writes it for this session. */
async function preloadsOf(page: Page, path: string): Promise<string[]> {
  const response = await page.request.get(path, { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );
}

test('la page d’accueil ne précharge que ce que le rôle ouvrira, et demande ses premières lectures avec le HTML', async ({
  page,
}) => {
  await loginAs(page, 'comptable@demo.garage.fr');
  // The accountant's home is the invoice list: the dashboard's remote would go unused (and the browser warn).
  const accountant = await preloadsOf(page, '/');
  expect(accountant.filter((file) => file.startsWith('/mf/folders/'))).toEqual([]);
  expect(accountant).toContain('/mf/notifications/remoteEntry.js');
  // Where the roles open the page, its remote is preloaded.
  expect(await preloadsOf(page, '/quotation/list/invoice')).toContain('/mf/billing/remoteEntry.js');
  await page.goto('/');
  await expect(page).toHaveURL('/quotation/list/invoice');
  // The first reads leave with the HTML, and the app takes those very answers: each is read once.
  const reads = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => ['/api/config', '/api/company/infos'].includes(new URL(entry.name).pathname))
      .map((entry) => `${(entry as PerformanceResourceTiming).initiatorType} ${new URL(entry.name).pathname}`),
  );
  expect(reads.sort()).toEqual(['link /api/company/infos', 'link /api/config']);

  await loginAs(page, 'poseur.admin@demo.garage.fr');
  expect(await preloadsOf(page, '/')).toContain('/mf/folders/remoteEntry.js');
});
