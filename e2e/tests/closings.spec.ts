import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

test('les clôtures d’un garage de démonstration : chaque journée passée close, avec ses totaux et son maillon', async ({
  page,
}) => {
  await loginAs(page, 'comptable@demo.garage.fr');
  // In the accountant's side menu (its « Suite du menu » open by itself: the menu is short).
  await page.getByRole('menu', { name: 'Menu principal' }).getByRole('link', { name: 'Clôtures' }).click();
  await expect(page).toHaveURL(/\/closings$/);
  await expect(page.getByRole('heading', { name: 'Clôtures', level: 1 })).toBeVisible();

  // The demo's past days were closed when the server started; the latest period comes first.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await page.getByRole('tab', { name: /^Journalière/ }).click();
  await expect(rows.first()).toContainText('Journalière');
  await expect(rows.first().locator('td').first()).toHaveText(/^\d\d\/\d\d\/\d{4}$/);

  await rows
    .first()
    .getByRole('button', { name: /^Détail de la clôture/ })
    .click();
  const detail = page.getByRole('dialog', { name: /^Clôture journalière/ });
  await expect(detail.getByText('TVA par taux')).toBeVisible();
  await expect(detail.getByText('Grand total perpétuel des ventes TTC')).toBeVisible();
  await expect(detail.locator('code').filter({ hasText: /^[0-9a-f]{64}$/ })).toBeVisible();
});
