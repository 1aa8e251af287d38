import { expect, test } from '@playwright/test';
import { chooseOption, createTestFolder, signIn } from './helpers';

/*
 * The garage's folder statuses on /company/edit. A garage of the test's own (test-only route): its statuses and
 * their order are the test's, whatever runs beside it.
 */

test('un statut ajouté sur /company/edit puis remonté au clavier suit cet ordre dans les dossiers', async ({
  page,
}) => {
  // Three screens and a dozen calls: on a loaded machine with its parallel neighbours it passes 30 s.
  test.slow();
  const response = await page.request.post('/api/test/garage', { data: { email: 'poseur.admin@demo.garage.fr' } });
  expect(response.status()).toBe(201);
  const garage = (await response.json()) as { email: string; companyId: number };
  await signIn(page, garage.email);

  await page.goto('/company/edit');
  const card = page.locator('.ant-card', { has: page.getByText('Statuts des dossiers', { exact: true }) });
  const labels = card.getByTestId('folder-status').locator('.ant-tag');
  await expect(labels.first()).toBeVisible();
  await card.getByRole('textbox', { name: 'Nouveau statut', exact: true }).fill('Attente pièce');
  await chooseOption(card, page, 'Couleur du nouveau statut', 'Orange');
  await card.getByRole('button', { name: 'Ajouter le statut' }).click();
  await expect(page.getByText('Statut ajouté')).toBeVisible();
  await expect(labels.last()).toHaveText('Attente pièce');
  const added = card.getByTestId('folder-status').filter({ hasText: 'Attente pièce' });
  await expect(added).toContainText('Aucun dossier');
  // A status of the garage's own is deletable; a system one says why it is not.
  await expect(added.getByRole('button', { name: 'Supprimer le statut Attente pièce' })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Supprimer le statut Clôturé' })).toBeDisabled();

  // Twice up with the keyboard: the focus stays on the moved status's button.
  const up = card.getByRole('button', { name: 'Monter le statut Attente pièce' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(labels.nth(-2)).toHaveText('Attente pièce');
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(labels.nth(-3)).toHaveText('Attente pièce');
  const order = await labels.allTextContents();
  expect(order.slice(-3)).toEqual(['Attente pièce', 'En attente de validation', 'Clôturé']);

  // The folder list's tabs: TOUT, then the statuses in the new order.
  await page.goto('/folder/list/all');
  await expect(page.getByRole('heading', { name: 'Gestion clients' })).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs.filter({ hasText: 'Attente pièce' })).toHaveText('Attente pièce (0)');
  const tabLabels = (await tabs.allTextContents()).map((text) => text.replace(/ \(\d+\)$/, ''));
  expect(tabLabels).toEqual(['TOUT', ...order]);

  // The folder page's status select offers it too.
  const folder = await createTestFolder(page, garage.email);
  await page.goto(`/folder/show/${folder.id}`);
  const status = page.getByRole('combobox', { name: 'Statut du dossier' });
  await page.locator('.ant-select', { has: status }).click();
  await page.locator('.ant-select-item-option[title="Attente pièce"]').click();
  await expect(page.getByText('Statut du dossier modifié')).toBeVisible();
});
