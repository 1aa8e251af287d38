import { expect, test } from '@playwright/test';
import { createTestFolder, openSession, ownGarage } from './helpers';

/*
 * A network cut under an open list: the read that failed says so with « Réessayer » (the active tab reads again
 * too), and once the server answers again the list comes back by itself, without a click or a reload.
 */
test('après une coupure du réseau, la liste propose « Réessayer » puis revient seule au retour de la connexion', async ({
  page,
}) => {
  const garage = await ownGarage(page);
  const folder = await createTestFolder(page, garage.email);
  await openSession(page, garage.email);
  await page.goto('/folder/list/all');
  const row = page.getByRole('row', { name: new RegExp(folder.plate) });
  await expect(row).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  await page.context().setOffline(true);
  // Clicking the active tab reads the list again (a person's first reflex): it fails, and says what to do.
  await page.getByRole('tab', { name: /^TOUT/ }).click();
  await expect(page.getByText('Impossible de charger les données.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  await expect(page.getByText('Connexion au serveur perdue')).toBeVisible();

  await page.context().setOffline(false);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Impossible de charger les données.')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
