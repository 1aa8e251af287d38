import { expect, test } from '@playwright/test';
import { loginAs, menuHrefs } from './helpers';

test('un mauvais mot de passe affiche un message en français', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill('cmd@demo.garage.fr');
  await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toContainText('Identifiants invalides');
});

test('une page protégée sans session renvoie vers la connexion', async ({ page }) => {
  await page.goto('/quotation/list/invoice');
  await expect(page).toHaveURL(/\/login\?next=%2Fquotation%2Flist%2Finvoice/);
});

test('la session survit au rechargement puis la déconnexion la termine', async ({ page }) => {
  await loginAs(page, 'service.client@demo.garage.fr');
  await page.reload();
  await expect(page.getByTestId('units-counter')).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
  await page.goto('/quotation/list/invoice');
  await expect(page).toHaveURL(/\/login/);
  const infos = await page.request.get('/api/company/infos');
  expect(infos.status()).toBe(401);
});

test('un chemin interdit affiche 403 et un chemin inconnu 404', async ({ page }) => {
  await loginAs(page, 'comptable@demo.garage.fr');
  await page.goto('/sidexa/list');
  await expect(page).toHaveURL(/\/error\/403$/);
  await expect(page.getByText('Accès refusé')).toBeVisible();
  await expect(page.getByTestId('error-code')).toHaveText('Code d’erreur : 403');
  await page.goto('/cette/page/nexiste/pas');
  await expect(page).toHaveURL(/\/error\/404$/);
  await expect(page.getByText('Page introuvable')).toBeVisible();
});

test('UNITÉS affiche le solde de la société sélectionnée', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const infos = await (await page.request.get('/api/company/infos')).json();
  await expect(page.getByTestId('units-counter')).toContainText('UNITÉS');
  await expect(page.getByTestId('units-counter')).toContainText(String(infos.company.jeton));
});

test('le multi-garage passe par TOUT puis revient sur un garage, la page se recharge', async ({ page }) => {
  await loginAs(page, 'multi@demo.garage.fr');
  const switcher = page.getByTestId('company-switcher');
  await expect(switcher).toBeVisible();

  await switcher.click();
  await page.locator('.ant-select-item-option[title="TOUT"]').click();
  await page.waitForLoadState('load');
  await expect(switcher).toContainText('TOUT');
  const all = await (await page.request.get('/api/company/infos')).json();
  expect(all.company).toBeNull();
  const total = all.companies.reduce((sum: number, c: { jeton: number }) => sum + c.jeton, 0);
  await expect(page.getByTestId('units-counter')).toContainText(new Intl.NumberFormat('fr-FR').format(total));

  const target = all.companies[1];
  await switcher.click();
  await page.getByLabel('Rechercher un garage').fill(target.name.slice(0, 6));
  await page.locator(`.ant-select-item-option[title="${target.name}"]`).click();
  await page.waitForLoadState('load');
  await expect(switcher).toContainText(target.name);
  const selected = await (await page.request.get('/api/company/infos')).json();
  expect(selected.company.id).toBe(target.id);
});

test('un hôte partenaire a son propre menu et son logo', async ({ page }) => {
  await page.goto('http://partner.localhost:3100/login');
  await page.getByLabel('Adresse e-mail').fill('franchiseur@demo.garage.fr');
  await page.getByLabel('Mot de passe').fill('Garage2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('img', { name: 'Réseau partenaire' })).toBeVisible();
  const { more } = await menuHrefs(page);
  expect(more).not.toContain('/sidexa/list');
  expect(more).not.toContain('/checkout');
  expect(more).toContain('/users');
});

test("sur un petit écran, le menu s'ouvre en tiroir depuis la barre du haut et le garage tient en 4 lettres", async ({
  page,
}) => {
  await page.setViewportSize({ width: 400, height: 760 });
  await loginAs(page, 'multi@demo.garage.fr');
  await expect(page.locator('ul[aria-label="Menu principal"]')).toBeHidden();
  await expect(page.getByTestId('company-switcher')).toContainText(/^Vitr$/);

  await page.getByRole('button', { name: 'Ouvrir ou fermer le menu' }).click();
  await page.getByRole('link', { name: 'Factures' }).click();
  await expect(page).toHaveURL(/\/quotation\/list\/invoice$/);
  await expect(page.getByRole('heading', { name: 'Factures' })).toBeVisible();
  await expect(page.locator('ul[aria-label="Menu principal"]')).toBeHidden();
});

test('sur grand écran, le menu est ouvert (220 px) et se replie à 88 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await loginAs(page, 'cmd@demo.garage.fr');
  const side = page.locator('.ant-layout-sider');
  await expect(side).toHaveCSS('width', '220px');
  await page.getByRole('button', { name: 'Replier le menu' }).click();
  await expect(side).toHaveCSS('width', '88px');
  await page.getByRole('button', { name: 'Déplier le menu' }).click();
  await expect(side).toHaveCSS('width', '220px');
});
