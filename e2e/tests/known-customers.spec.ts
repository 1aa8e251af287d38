import { expect, test } from '@playwright/test';
import { createTestFolder, loginAs } from './helpers';

test('« Nouveau client » : un client déjà connu du garage est proposé dès sa plaque tapée, « Reprendre » remplit le formulaire', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const known = await createTestFolder(page, email, { lastName: 'Lambert', firstName: 'Sophie' });
  await page.goto('/folder/choice');
  await page.getByRole('button', { name: 'Bris de glace' }).click();
  // Typed as people type it: lower case, spaces.
  await page.getByLabel('Immatriculation').fill(known.plate.toLowerCase().replace(/-/g, ' '));
  const offer = page.getByRole('alert').filter({ hasText: 'Déjà connu dans ce garage' });
  await expect(offer).toContainText('Sophie LAMBERT');
  await expect(offer).toContainText('même plaque');
  await expect(offer.getByRole('link', { name: `Dossier ${known.number}` })).toBeVisible();
  await offer.getByRole('button', { name: 'Reprendre' }).click();
  await expect(page.getByText('Sophie LAMBERT repris')).toBeVisible();
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Lambert');
  await expect(page.getByLabel('Prénom')).toHaveValue('Sophie');
  await expect(page.getByLabel('Téléphone')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Créer le dossier' }).click();
  await expect(page).toHaveURL(/\/folder\/show\/\d+$/);
});
