import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

test('UNITÉS ouvre « Ma consommation » ou « Acheter des unités », et sous TOUT l’achat propose de choisir le garage', async ({
  page,
}) => {
  await loginAs(page, 'multi@demo.garage.fr');
  const switcher = page.getByTestId('company-switcher');
  await switcher.click();
  await page.locator('.ant-select-item-option[title="TOUT"]').click();
  await page.waitForLoadState('load');
  await expect(switcher).toContainText('TOUT');

  await page.getByRole('button', { name: /^UNITÉS/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Ma consommation' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Acheter des unités' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Sélectionnez un garage en haut à gauche pour lui acheter des unités')).toBeVisible();
  // The garage is chosen right here: the page comes back for it, ready to buy.
  await page.getByRole('button', { name: 'Vitrage Express Marseille' }).click();
  await expect(switcher).toContainText('Vitrage Express Marseille');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Sélectionnez un garage en haut à gauche pour lui acheter des unités')).toBeHidden();
});

test('le poseur ne voit pas UNITÉS, qui ne le concerne pas', async ({ page }) => {
  await loginAs(page, 'poseur@demo.garage.fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('units-counter')).toHaveCount(0);
});
