import { expect, test } from '@playwright/test';
import { SEPARATE_REMOTE_PORT } from '../playwright.config';
import { loginAs } from './helpers';

/** mf_franchise's own origin (playwright.config.ts): this page loses it, the other tests keep it. */
const franchiseOrigin = new RegExp(`^http://127\\.0\\.0\\.1:${SEPARATE_REMOTE_PORT}/`);

test('un remote arrêté affiche le repli dans sa zone, le reste de l’application fonctionne', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');

  // mf_franchise lives on its own origin, unreachable from this page for now.
  await page.route(franchiseOrigin, (route) => route.abort('connectionrefused'));
  await page.goto('/users');
  await expect(page.getByText('Ce module est momentanément indisponible')).toBeVisible();
  await expect(page.locator('ul[aria-label="Menu principal"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible();

  await page.getByRole('link', { name: 'Devis' }).click();
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();

  // Still down when we come back to it (client-side navigation, no reload).
  await page.goBack();
  await expect(page.getByText('Ce module est momentanément indisponible')).toBeVisible();

  // Its origin answers again: "Réessayer" loads it without reloading the shell.
  await page.unroute(franchiseOrigin);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('heading', { name: 'Mes utilisateurs' })).toBeVisible();
});

test('un remote qui ne répond plus (connexion pendante) affiche son repli en 3 s, pas au bout du délai du navigateur', async ({
  page,
}) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  // The host accepts the connection and never answers: no request of this origin is ever fulfilled.
  await page.route(franchiseOrigin, () => undefined);
  const started = Date.now();
  // Not waiting for `load`: a script still pending holds the page's load event.
  await page.goto('/users', { waitUntil: 'domcontentloaded' });
  // 3 s of the entry's timeout, and room for a loaded CI machine; the browser's own wait would be 20 s or more.
  await expect(page.getByText('Ce module est momentanément indisponible')).toBeVisible({ timeout: 8000 });
  console.log(`remote pendant : repli affiché ${Date.now() - started} ms après la navigation`);
  await expect(page.locator('ul[aria-label="Menu principal"]')).toBeVisible();
  await page.getByRole('link', { name: 'Devis' }).click();
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();
});

test('un module dont les fichiers de la page n’arrivent pas : « Réessayer » la charge du premier coup, sans avertissement', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  // The remote's entry answers, the files of its pages do not (a deployment half copied, a proxy's hiccup).
  const pageFiles = (url: URL) => franchiseOrigin.test(url.href) && !url.pathname.endsWith('/remoteEntry.js');
  await page.route(pageFiles, (route) => route.abort('connectionrefused'));
  await page.goto('/users');
  await expect(page.getByText('Ce module est momentanément indisponible')).toBeVisible();

  await page.unroute(pageFiles);
  warnings.length = 0;
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('heading', { name: 'Mes utilisateurs' })).toBeVisible();
  expect(warnings.filter((text) => /already registered|ChunkLoadError|Loading chunk/i.test(text))).toEqual([]);
});
