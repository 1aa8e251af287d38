import { expect, test } from '@playwright/test';
import { chooseOption, createTestFolder, loginAs } from './helpers';

test('créer, modifier puis désactiver un produit ; le catalogue de la franchise est grisé et en lecture seule', async ({
  page,
}) => {
  // Three saves and four list searches: longer than the default 30 s on a busy machine.
  test.slow();
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
  await chooseOption(page.locator('main'), page, 'Fournisseur', 'Vitrages Distribution Rhône');
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

test('une réception de marchandise fait monter la quantité en stock, et entre dans l’historique du produit', async ({
  page,
}) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/stock/list');
  await expect(page.getByRole('heading', { name: 'Stocks' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher un produit' }).fill('Kit colle polyuréthane');
  const row = page.getByRole('row', { name: /Kit colle polyuréthane 1 h/ });
  await expect(row).toBeVisible();
  const before = Number(await row.locator('td').nth(2).textContent());

  await row.getByRole('button', { name: 'Mouvement de stock : Kit colle polyuréthane 1 h' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stock : Kit colle polyuréthane 1 h' });
  await dialog.getByLabel('Quantité reçue').fill('5');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le prix d’achat unitaire HT est obligatoire')).toBeVisible();
  await dialog.getByLabel('Prix d’achat unitaire HT (€)').fill('3,10');
  await dialog.getByLabel('Bon de livraison').fill('BL-E2E-1');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mouvement de stock enregistré')).toBeVisible();
  await expect(row.locator('td').nth(2)).toHaveText(String(before + 5));

  await row.getByRole('button', { name: 'Historique : Kit colle polyuréthane 1 h' }).click();
  await expect(page.getByTestId('stock-movement').first()).toContainText('+5 · Réception fournisseur');
  await expect(page.getByTestId('stock-movement').first()).toContainText('BL-E2E-1');
});

test('un fournisseur se crée ; un SIRET dont la clé est fausse est refusé en français', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/company/supplier-list');
  await page.getByRole('button', { name: 'Ajouter un fournisseur' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nouveau fournisseur' });
  const name = `Miroiterie ${Date.now().toString(36)}`;
  await drawer.getByLabel('Nom').fill(name);
  await drawer.getByLabel('SIRET').fill('73282932000075');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer.getByText('Numéro SIRET invalide : 14 chiffres, clé de contrôle incorrecte')).toBeVisible();
  await drawer.getByLabel('SIRET').fill('73282932000074');
  await drawer.getByLabel('N° de TVA').fill('FR44732829320');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Fournisseur enregistré')).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher un fournisseur' }).fill(name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('73282932000074');
});

test('l’annuaire des assureurs : ceux du réseau en lecture seule ; un assureur du garage se crée et se choisit dans un dossier', async ({
  page,
}) => {
  test.slow();
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/company/insurer-list');
  await expect(page.getByRole('heading', { name: 'Assureurs' })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Rechercher un assureur (nom, SIREN, ville)' });
  await search.fill('Niort');
  await expect(page.getByRole('row', { name: /MAIF/ })).toContainText('Réseau');
  await page.getByRole('button', { name: 'Voir MAIF' }).click();
  const shown = page.getByRole('dialog', { name: 'MAIF' });
  await expect(shown.getByText(/seul le franchiseur modifie cet assureur/)).toBeVisible();
  await expect(shown.getByLabel('Raison sociale')).toBeDisabled();
  await shown
    .getByRole('button', { name: 'Close' })
    .or(shown.getByRole('button', { name: 'Fermer' }))
    .first()
    .click();

  const name = `Mutuelle ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Ajouter un assureur' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nouvel assureur' });
  await drawer.getByLabel('Nom affiché').fill(name);
  await drawer.getByLabel('Raison sociale').fill(`${name} SA`);
  await drawer.getByLabel('SIREN').fill('552100555');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer.getByText('SIREN invalide : 9 chiffres, clé de contrôle incorrecte')).toBeVisible();
  await drawer.getByLabel('SIREN').fill('552100554');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Assureur enregistré')).toBeVisible();
  await search.fill(name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Garage');

  // A folder of the garage now chooses it; the folder shows its name.
  const folder = await createTestFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  await page.getByRole('button', { name: 'Modifier' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le dossier' });
  // The directory holds the network's insurers too: the list is searched by typing, as a user would.
  await edit.getByRole('combobox', { name: 'Assureur' }).fill(name);
  await chooseOption(edit, page, 'Assureur', name);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Dossier enregistré')).toBeVisible();
  await expect(page.locator('[data-testid="history-entry"][data-kind="change"]').first()).toContainText(
    `Assureur : MAIF → ${name}`,
  );
});
