import { expect, test } from '@playwright/test';
import { createTestFolder, loginAs } from './helpers';

test('Ctrl+K trouve « Lefèvre » tapé sans accent, prénom d’abord, et la liste aussi', async ({ page }) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  // A name of this test's own: the search finds it alone.
  const unique = `Lefèvre${Date.now().toString(36)}`;
  const folder = await createTestFolder(page, email, { lastName: unique, firstName: 'Éloïse' });
  await page.keyboard.press('Control+k');
  const box = page.getByRole('searchbox', { name: 'Rechercher un dossier' });
  await box.fill(
    `eloise ${unique
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase()}`,
  );
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option').first()).toContainText(`${unique} Éloïse`);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/folder/show/${folder.id}$`));

  // The same search opens the customer's page (Shift+Enter) and the vehicle's (Alt+Enter).
  await page.keyboard.press('Control+k');
  await box.fill(unique);
  await expect(page.getByRole('option')).toHaveCount(1);
  await box.press('Shift+Enter');
  await expect(page).toHaveURL(new RegExp(`/customer/${folder.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(unique);
  await page.keyboard.press('Control+k');
  await box.fill(unique);
  await expect(page.getByRole('option')).toHaveCount(1);
  await box.press('Alt+Enter');
  await expect(page).toHaveURL(/\/vehicle\/[A-Z0-9-]+$/);
  await expect(page.getByRole('link', { name: folder.number })).toBeVisible();

  await page.goto('/folder/list/all');
  await page.getByPlaceholder('Rechercher un dossier').fill(`${folder.plate.replace(/-/g, ' ')} eloise`);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(folder.number);
});

test('en TOUT sur plusieurs garages, la liste a sa colonne Garage et Ctrl+K nomme le garage de chaque dossier', async ({
  page,
}) => {
  const email = await loginAs(page, 'multi@demo.garage.fr');
  const folder = await createTestFolder(page, email);
  const switcher = page.getByTestId('company-switcher');
  await switcher.click();
  await page.locator('.ant-select-item-option[title="TOUT"]').click();
  await page.waitForLoadState('load');
  await expect(switcher).toContainText('TOUT');
  const infos = await (await page.request.get('/api/company/infos')).json();
  const names = (infos.companies as { name: string }[]).map((company) =>
    company.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );

  await page.goto('/folder/list/all');
  await expect(page.getByRole('columnheader', { name: /Garage/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByRole('searchbox', { name: 'Rechercher un dossier' }).fill(folder.plate);
  await expect(page.getByRole('option').first()).toContainText(new RegExp(`· (${names.join('|')})`));
});
