import { expect, test } from '@playwright/test';
import { chooseOption, loginAs } from './helpers';

test('créer, modifier puis désactiver un produit ; le catalogue de la franchise est grisé et en lecture seule', async ({
  page,
}) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/product/list');
  await expect(page.getByRole('heading', { name: 'Mes produits' })).toBeVisible();
  // The franchise catalogue: greyed, its pencil only shows it.
  const search = page.getByRole('textbox', { name: 'Rechercher un produit' });
  await search.fill('Clio V');
  const shared = page.getByRole('row', { name: /Pare-brise Renault Clio V/ });
  await expect(shared).toHaveAttribute('aria-disabled', 'true');
  // The whole row reads as disabled (aria-disabled), its pencil still leads to the read-only page.
  const view = await shared.getByRole('link', { name: /Voir Pare-brise Renault Clio V/ }).getAttribute('href');
  await page.goto(view ?? '');
  await expect(page.getByText('Catalogue de Vitrage Express Siège : lecture seule')).toBeVisible();
  await expect(page.getByLabel('Nom')).toBeDisabled();

  const name = `Balai arrière ${Date.now().toString(36)}`;
  await page.goto('/product/new/0');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le nom du produit est obligatoire')).toBeVisible();
  await page.getByLabel('Nom').fill(name);
  await page.getByLabel('Prix HT (€)').fill('12,345');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Prix HT invalide : un nombre positif avec 2 décimales au plus')).toBeVisible();
  await page.getByLabel('Prix HT (€)').fill('18,90');
  await chooseOption(page.locator('main'), page, 'Catégorie', 'Pièce mécanique');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/product\/list$/);
  await expect(page.getByText('Produit enregistré')).toBeVisible();

  await page.getByRole('textbox', { name: 'Rechercher un produit' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('18,90');
  await expect(row).toContainText('Activé');
  await row.getByRole('link', { name: `Modifier ${name}` }).click();
  await page.getByLabel('Prix HT (€)').fill('21');
  await page.getByRole('switch', { name: 'Désactivé (plus proposé dans les devis)' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/product\/list$/);
  await page.getByRole('textbox', { name: 'Rechercher un produit' }).fill(name);
  const saved = page.getByRole('row', { name: new RegExp(name) });
  await expect(saved).toContainText('21,00');
  await expect(saved).toContainText('Désactivé');
  await page.getByRole('tab', { name: /^Désactivés \(\d+\)$/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
});
