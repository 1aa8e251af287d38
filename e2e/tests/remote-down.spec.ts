import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { SEPARATE_REMOTE_PORT } from '../playwright.config';
import { loginAs } from './helpers';

const franchiseDist = path.resolve(import.meta.dirname, '../../mf-franchise/dist');

test("un remote arrêté affiche le repli dans sa zone, le reste de l'application fonctionne", async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');

  // mf_franchise lives on its own origin and nothing serves it yet.
  await page.goto('/users');
  await expect(page.getByText('Ce module est momentanément indisponible')).toBeVisible();
  await expect(page.locator('ul[aria-label="Menu principal"]')).toBeVisible();
  await expect(page.getByTestId('units-counter')).toBeVisible();

  await page.getByRole('link', { name: 'Devis' }).click();
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();

  // Still down when we come back to it (client-side navigation, no reload).
  await page.goBack();
  await expect(page.getByText('Ce module est momentanément indisponible')).toBeVisible();

  // The team deploys its remote on its own origin: "Réessayer" loads it without reloading the shell.
  const server = await serveStatic(franchiseDist, SEPARATE_REMOTE_PORT);
  try {
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.getByRole('heading', { name: 'Mes utilisateurs' })).toBeVisible();
  } finally {
    server.close();
  }
});
