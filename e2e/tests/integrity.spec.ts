import { expect, test } from '@playwright/test';
import { INTEGRITY_VALID } from 'contracts';
import { loginAs } from './helpers';

test('la page Intégrité d’un garage de démonstration recalcule sa chaîne : intègre, avec sa tête et ses grands totaux', async ({
  page,
}) => {
  await loginAs(page, 'comptable@demo.garage.fr');
  await page.getByRole('button', { name: 'Mon compte' }).click();
  await page.getByRole('dialog', { name: 'Mon compte' }).getByRole('link', { name: 'Intégrité' }).click();
  await expect(page).toHaveURL(/\/integrity$/);
  await expect(page.getByRole('heading', { name: 'Intégrité', level: 1 })).toBeVisible();
  await expect(page.getByText(INTEGRITY_VALID)).toBeVisible();
  await expect(page.getByText(/maillons recalculés en \d+ ms/)).toBeVisible();
  await expect(page.locator('code').filter({ hasText: /^[0-9a-f]{64}$/ })).toBeVisible();
  await expect(page.getByText('Grand total des ventes TTC')).toBeVisible();
});
