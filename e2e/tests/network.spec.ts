import { expect, type Page, test } from '@playwright/test';
import { UNIT_PACKS_DUPLICATE, UNIT_PACKS_PUBLISHED, vatNumberOf } from 'contracts';
import { signIn, uniqueSiret } from './helpers';

/** A franchisor heading a network of its own (its packs and templates touch no other test), signed in. */
async function ownNetwork(page: Page) {
  const response = await page.request.post('/api/test/garage', {
    data: { email: 'franchiseur@demo.garage.fr', jeton: 40, ownFranchise: true },
  });
  expect(response.status()).toBe(201);
  const garage = (await response.json()) as { email: string; name: string; franchiseId: number };
  await signIn(page, garage.email);
  return garage;
}

test('le franchiseur voit ses centres côte à côte et publie ses packs d’unités, que ses garages achètent', async ({
  page,
}) => {
  test.slow();
  const garage = await ownNetwork(page);
  const siret = uniqueSiret();
  const centre = `Centre réseau ${Date.now().toString(36)}`;
  const created = await page.request.post(`/api/franchise/${garage.franchiseId}/center`, {
    data: {
      firstname: 'Inès',
      name: 'Garnier',
      email: `admin.${siret}@centre.test.garage.fr`,
      agreeTerms: true,
      company: {
        name: centre,
        tradeName: centre,
        siret,
        phone: '0478000000',
        tvaNumber: vatNumberOf(siret.slice(0, 9)),
        garageType: 'Mobile',
        emailApi: '',
        franchiseId: garage.franchiseId,
        franchiseurId: garage.franchiseId,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // From the side menu, as a franchisor finds it.
  const menu = page.getByRole('menu', { name: 'Menu principal' });
  await menu.getByText('Suite du menu').click();
  await menu.getByRole('link', { name: 'Mon réseau' }).click();
  await expect(page).toHaveURL(`/franchise/${garage.franchiseId}/network`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon réseau' })).toBeVisible();
  const own = page.getByRole('row', { name: new RegExp(garage.name) });
  await expect(own).toContainText('Franchiseur');
  await expect(page.getByRole('row', { name: new RegExp(centre) })).toBeVisible();
  await expect(page.getByRole('row', { name: /Réseau \(2 garages\)/ })).toBeVisible();

  // Two packs of one size are refused, nothing published.
  await expect(page.getByText('Packs d’unités (par défaut)')).toBeVisible();
  await page.getByLabel('Unités du pack 2').fill('10');
  await page.getByRole('button', { name: 'Publier ces packs' }).click();
  await expect(page.getByText(UNIT_PACKS_DUPLICATE)).toBeVisible();
  await expect(page.getByText('Packs d’unités (par défaut)')).toBeVisible();

  await page.getByLabel('Unités du pack 2').fill('40');
  await page.getByLabel('Nom du pack 2').fill('Réseau 40');
  await page.getByLabel('Prix HT du pack 2').fill('72,50');
  await page.getByRole('button', { name: 'Publier ces packs' }).click();
  await expect(page.getByText(UNIT_PACKS_PUBLISHED)).toBeVisible();
  await expect(page.getByText('Packs d’unités de votre réseau')).toBeVisible();

  // The network's garages buy at the published price.
  await page.goto('/checkout');
  const pack = page.locator('.ant-card').filter({ hasText: 'Réseau 40' });
  await expect(pack).toContainText('40 unités');
  await expect(pack).toContainText('72,50 € HT');
});

test('un modèle de mail publié aux centres porte la marque « Publié »', async ({ page }) => {
  await ownNetwork(page);
  const subject = `Suivi réseau ${Date.now().toString(36)}`;
  await page.goto('/message_template/mail/new');
  await page.getByLabel('Sujet').fill(subject);
  await page.getByRole('textbox', { name: 'Contenu' }).fill('Votre dossier #FOLDER# avance.');
  await page.getByRole('checkbox', { name: /Publier à mes centres/ }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL('/message_template/mail/list');
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText('Publié');
});
