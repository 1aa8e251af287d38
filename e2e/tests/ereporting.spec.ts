import { expect, test } from '@playwright/test';
import { openSession, ownGarage } from './helpers';

test('une transmission d’e-reporting rejetée : son motif, sa correction rectificative, acceptée par la plateforme', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page);
  const rejection = await page.request.post('/api/test/ereport-rejection', { data: { companyId: garage.companyId } });
  expect(rejection.status()).toBe(200);
  const { periodLabel } = (await rejection.json()) as { periodLabel: string };
  await openSession(page, garage.email);

  await page.goto('/accounting');
  await page.getByRole('link', { name: 'E-reporting' }).click();
  await expect(page.getByRole('heading', { name: 'E-reporting', level: 1 })).toBeVisible();
  await expect(page.getByText('Transmises par décade')).toBeVisible();
  await expect(page.getByText(/1 transmission à corriger/)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(periodLabel) });
  await expect(row).toContainText('Rejetée');
  await expect(row).toContainText('Donnée obligatoire absente ou invalide');

  await row.getByRole('button', { name: 'Corriger et renvoyer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Corriger et renvoyer' }).click();
  await expect(page.getByText('Transmission rectificative préparée')).toBeVisible();
  await expect(page.getByText(/transmission à corriger/)).toHaveCount(0);

  // Deposited and acknowledged now rather than at the next pass.
  await page.getByRole('button', { name: 'Transmettre maintenant' }).click();
  await expect(page.getByText(/transmissions? (préparée|relevées)|Aucune période terminée/)).toBeVisible();
  const rows = page.getByRole('row', { name: new RegExp(periodLabel) });
  await expect(rows.filter({ hasText: 'Rectificative' })).toContainText('Acceptée');
  await expect(rows.filter({ hasText: 'Remplacée' })).toHaveCount(1);
});
