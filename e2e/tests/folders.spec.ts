import { expect, test } from '@playwright/test';
import { createTestFolder as createFolder, loginAs } from './helpers';

test('Ctrl+K trouve un dossier par sa plaque tapée sans tirets et l’ouvre au clavier', async ({ page }) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.keyboard.press('Control+k');
  const box = page.getByRole('searchbox', { name: 'Rechercher un dossier' });
  await expect(box).toBeFocused();
  await expect(page.getByText('No folders found.')).toBeVisible();
  await box.fill(folder.plate.replace(/-/g, '').toLowerCase());
  await expect(page.getByRole('option').first()).toContainText(folder.plate);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/folder/show/${folder.id}$`));
  await expect(page.getByRole('heading', { name: `Dossier ${folder.number} · ${folder.plate}` })).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.getByRole('searchbox', { name: 'Rechercher un dossier' }).fill('QQ-000-QQ');
  await expect(page.getByText('Dossier non trouvé')).toBeVisible();
});

test('le téléphone du client ne s’affiche qu’à la demande, et la consultation entre dans l’historique', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(folder.number) })).toBeVisible();
  await expect(page.getByText('0611223344')).toHaveCount(0);
  await page.getByRole('button', { name: 'Voir téléphone' }).click();
  const phone = page.getByTestId('contact-phone').getByRole('link', { name: '0611223344' });
  await expect(phone).toHaveAttribute('href', 'tel:0611223344');
  await expect(page.locator('[data-testid="history-entry"][data-kind="contact"]')).toContainText('Téléphone consulté');
});

test('à 1440×900, les devis et factures suivent le dossier sans trou et sans défiler', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  const card = (title: string) => page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });
  const summary = await card('Dossier').first().boundingBox();
  const billing = await card('Devis et factures').boundingBox();
  if (!summary || !billing) throw new Error('cartes du dossier introuvables');
  // Just under the folder's card (the gutter of 16 px), and whole inside the first screen.
  expect(billing.y - (summary.y + summary.height)).toBeLessThanOrEqual(16);
  expect(billing.y + billing.height).toBeLessThanOrEqual(900);
  await expect(page.getByRole('button', { name: 'Nouveau devis' })).toBeInViewport();
});

test('la liste des dossiers a ses onglets de statut, une ligne ouvre son dossier, le statut se change', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto('/folder/list/all');
  await expect(page.getByRole('heading', { name: 'Gestion clients' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^TOUT \(\d+\)$/ })).toBeVisible();
  await page.getByRole('tab', { name: /^Ouvert \(\d+\)$/ }).click();
  await page.getByRole('textbox', { name: 'Rechercher un dossier' }).fill(folder.number);
  const row = page.getByRole('row', { name: new RegExp(folder.number) });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: folder.number }).click();
  await expect(page).toHaveURL(new RegExp(`/folder/show/${folder.id}$`));

  const status = page.getByRole('combobox', { name: 'Statut du dossier' });
  await page.locator('.ant-select', { has: status }).click();
  await page.locator('.ant-select-item-option[title="En cours"]').click();
  await expect(page.getByText('Statut du dossier modifié')).toBeVisible();
  await expect(page.locator('[data-testid="history-entry"][data-kind="status"]').first()).toContainText(
    'Statut : Ouvert → En cours',
  );

  // The customer's and the vehicle's past, one click from the folder.
  await page.getByRole('link', { name: 'Fiche client' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${folder.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Client : ');
  await expect(page.getByRole('link', { name: folder.number })).toBeVisible();
  await page.getByRole('group', { name: 'Véhicules du client' }).getByRole('link', { name: folder.plate }).click();
  await expect(page).toHaveURL(/\/vehicle\/[A-Z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Véhicule ');
  await expect(page.getByRole('link', { name: folder.number })).toBeVisible();
});

test('un commentaire écrit par le poseur allume la cloche du responsable du dossier, sans recharger', async ({
  page,
  browser,
}) => {
  // Two sessions signed in one after the other: over 30 s on a loaded two-core machine.
  test.slow();
  const ownerEmail = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, ownerEmail);
  const text = `Pare-brise posé, caméra recalibrée ${Date.now().toString(36)}`;

  const fitterContext = await browser.newContext();
  try {
    const fitter = await fitterContext.newPage();
    await loginAs(fitter, 'poseur@demo.garage.fr');
    await fitter.goto(`/folder/show/${folder.id}`);
    await fitter.getByRole('button', { name: 'Commentaire' }).click();
    const dialog = fitter.getByRole('dialog', { name: 'Commentaire' });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Le texte est obligatoire')).toBeVisible();
    const editor = dialog.getByRole('textbox', { name: 'Commentaire' });
    await editor.click();
    await editor.pressSequentially(text);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(fitter.getByText('Commentaire ajouté')).toBeVisible();
    await expect(fitter.locator('[data-testid="history-entry"][data-kind="comment"]').first()).toContainText(text);
  } finally {
    await fitterContext.close();
  }

  // The owner's page was open all along: the bell shows the comment without a reload.
  await expect(page.getByTestId('notification-count')).toBeVisible();
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByRole('button', { name: 'Non lue : Commentaire' }).first()).toBeVisible();
  await expect(drawer).toContainText(`Dossier ${folder.plate}`);
});

test('Nouveau client : une plaque invalide est refusée en français, puis le dossier se crée et s’ouvre', async ({
  page,
}) => {
  await loginAs(page, 'service.client@demo.garage.fr');
  await page.goto('/folder/choice');
  await page.getByRole('button', { name: 'Bris de glace' }).click();
  await page.getByLabel('Nom', { exact: true }).fill('Lemaire');
  await page.getByLabel('Immatriculation').fill('12-ab');
  await page.getByRole('button', { name: 'Créer le dossier' }).click();
  await expect(page.getByText('Immatriculation invalide : format AB-123-CD')).toBeVisible();

  const plate = `QM-${100 + Math.floor(Math.random() * 899)}-TX`;
  // Typed the way people type it: lower case, spaces.
  await page.getByLabel('Immatriculation').fill(plate.toLowerCase().replace(/-/g, ' '));
  await page.getByLabel('Téléphone').fill('0698765432');
  await page.getByRole('button', { name: 'Créer le dossier' }).click();
  await expect(page).toHaveURL(/\/folder\/show\/\d+$/);
  await expect(page.getByRole('heading', { name: new RegExp(`^Dossier D-\\d{4}-\\d{5} · ${plate}$`) })).toBeVisible();
  await expect(page.locator('[data-testid="history-entry"][data-kind="created"]')).toContainText('Création du dossier');
});

test('modifier un dossier écrit chaque changement dans son historique', async ({ page }) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  await page.getByRole('button', { name: 'Modifier' }).click();
  const drawer = page.getByRole('dialog', { name: 'Modifier le dossier' });
  await expect(drawer.getByLabel('Téléphone')).toHaveValue('');
  await drawer.getByLabel('Marque').fill('Peugeot');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Dossier enregistré')).toBeVisible();
  await expect(page.locator('[data-testid="history-entry"][data-kind="change"]').first()).toContainText(
    'Marque : Renault → Peugeot',
  );
  // Only what was changed: the claim, not shown for this folder, kept its number.
  await expect(page.locator('[data-testid="history-entry"][data-kind="change"]')).toHaveCount(1);
});
