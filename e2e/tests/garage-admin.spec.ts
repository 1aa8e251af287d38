import { expect, test } from '@playwright/test';
import { chooseOption, loginAs, selectOf, signIn } from './helpers';

/*
 * "My garage" (issue 11). Tests run in parallel on shared demo garages: the hourly rate is written back to
 * what it was, and the fitter's name is unique to this run.
 */

test('le taux horaire modifié sur /company/edit reste après un rechargement', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/company/edit');
  const rate = page.getByLabel('Taux horaire HT (€)');
  await expect(rate).toBeVisible();
  const before = await rate.inputValue();
  const wanted = before === '61,25' ? '62,75' : '61,25';
  try {
    await rate.fill(wanted);
    await page.getByRole('button', { name: 'Enregistrer le taux horaire' }).click();
    await expect(page.getByText('Taux horaire enregistré')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Taux horaire HT (€)')).toHaveValue(wanted);
  } finally {
    if (before) {
      const infos = await page.request.get('/api/company/infos');
      const { company } = (await infos.json()) as { company: { id: number } };
      await page.request.post(`/api/company/${company.id}/fees`, { data: { hourlyRate: before } });
    }
  }
});

test('un poseur créé sur /technician/new/0 se retrouve dans la liste', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const name = `Poseur E2E ${Date.now().toString(36)}`;
  await page.goto('/technician/list');
  await page.getByRole('button', { name: 'Ajouter un poseur' }).click();
  await expect(page).toHaveURL(/\/technician\/new\/0$/);
  // The list stays on screen while the form's code loads: its column filters carry "Nom" too.
  await expect(page.getByRole('heading', { name: 'Nouveau poseur' })).toBeVisible();
  await page.getByLabel('Nom', { exact: true }).fill(name);
  await page.getByLabel('Téléphone').fill('0612345678');
  await page.getByLabel('Compétences').click();
  await page.getByTitle('Calibrage ADAS').click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Poseur enregistré')).toBeVisible();
  await expect(page).toHaveURL(/\/technician\/list$/);
  await page.getByPlaceholder('Rechercher un poseur').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Calibrage ADAS')).toBeVisible();
});

test('la TVA par défaut du garage est celle des nouvelles lignes de devis', async ({ page }) => {
  // A garage of the test's own: its default rate touches nobody else's quotes.
  const response = await page.request.post('/api/test/garage', { data: { email: 'poseur.admin@demo.garage.fr' } });
  expect(response.status()).toBe(201);
  const garage = (await response.json()) as { email: string };
  await signIn(page, garage.email);
  await page.goto('/company/edit');
  await expect(selectOf(page.locator('body'), 'TVA par défaut')).toBeVisible();
  await chooseOption(page.locator('body'), page, 'TVA par défaut', '10 %');
  await page.getByRole('button', { name: 'Enregistrer la TVA' }).click();
  await expect(page.getByText('TVA par défaut enregistrée')).toBeVisible();

  await page.goto('/quotation/new/quotation');
  await expect(selectOf(page.locator('body'), 'TVA de la ligne 1')).toContainText('10 %');
});
