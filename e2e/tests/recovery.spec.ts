import { expect, type Page, test } from '@playwright/test';
import { buyer, ownGarage, showsUnits, signIn, unitsCounter } from './helpers';

/*
 * Recoveries from the browser. The test has a garage of its own (test-only route): its units, invoices and
 * recoveries are the test's, whatever runs beside it. The invoice is made overdue by a test-only route.
 */

/** An invoice of the garage's folder, issued through the API `days` days past its due date. */
async function overdueInvoice(page: Page, email: string, customer: string, days: number) {
  const folderAnswer = await page.request.post('/api/test/folder', { data: { email } });
  expect(folderAnswer.status()).toBe(201);
  const folder = (await folderAnswer.json()) as { id: number; plate: string; number: string };
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      folderId: folder.id,
      customer: buyer(customer),
      lines: [{ title: 'Remplacement pare-brise', quantity: 1, preTaxAmount: '100,00', position: 1, taxRate: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // An issued due date is frozen: the draft's payment term goes back first, the issue then dates it in the past.
  const late = await page.request.post('/api/test/invoice-overdue', { data: { email, documentId: id, days } });
  expect(late.status()).toBe(200);
  expect((await page.request.post(`/api/quotation/${id}/issue`)).status()).toBe(200);
  const { number } = (await (await page.request.get(`/api/quotation/${id}`)).json()) as { number: string };
  return { id, number, folder };
}

test('une facture échue : mise en recouvrement (UNITÉS 5 → 4), mise en demeure, commentaire, historique du dossier', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page, { jeton: 5 });
  await signIn(page, garage.email);
  const tag = Date.now().toString(36);
  const invoice = await overdueInvoice(page, garage.email, `Client recouvrement ${tag}`, 15);
  await expect(unitsCounter(page)).toHaveText(showsUnits(5));

  await page.goto('/recovery/list/all');
  await expect(page.getByRole('heading', { name: 'Recouvrements', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'À relancer (1)' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row', { name: new RegExp(invoice.number) });
  await expect(row).toContainText(`Client recouvrement ${tag}`);
  await expect(row).toContainText('15 jours');
  await expect(row).toContainText('120,00');
  await expect(row.getByRole('link', { name: invoice.number })).toHaveAttribute(
    'href',
    `/quotation/show/${invoice.id}`,
  );
  await expect(row.getByRole('link', { name: invoice.folder.number })).toHaveAttribute(
    'href',
    `/folder/show/${invoice.folder.id}`,
  );

  // Under recovery: asked first, one unit, UNITÉS follows without a reload.
  await row.getByRole('button', { name: /Mettre en recouvrement/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Mettre en recouvrement' });
  await expect(confirm).toContainText('Cette action consomme 1 unité');
  await confirm.getByRole('button', { name: 'Mettre en recouvrement' }).click();
  await expect(page.getByText('Facture mise en recouvrement : 1 unité consommée')).toBeVisible();
  await expect(unitsCounter(page)).toHaveText(showsUnits(4));
  await expect(page.getByRole('tab', { name: 'À relancer (0)' })).toBeVisible();

  // Relance amiable -> mise en demeure.
  await page.getByRole('tab', { name: 'Relance amiable (1)' }).click();
  await expect(row.getByText('Relance amiable', { exact: true }).first()).toBeVisible();
  await row.getByRole('button', { name: /^Étape suivante : Mise en demeure/ }).click();
  await expect(page.getByText('Étape du recouvrement enregistrée : Mise en demeure')).toBeVisible();
  await page.getByRole('tab', { name: 'Mise en demeure (1)' }).click();
  await expect(row).toBeVisible();

  // A comment, with the keyboard.
  await row.getByRole('button', { name: 'Commenter' }).click();
  const commentDialog = page.getByRole('dialog', { name: `Commenter le recouvrement de la facture ${invoice.number}` });
  await commentDialog.getByLabel('Commentaire').fill(`Lettre recommandée envoyée ${tag}`);
  await commentDialog.getByRole('button', { name: 'Ajouter le commentaire' }).click();
  await expect(page.getByText('Commentaire ajouté')).toBeVisible();
  await expect(commentDialog).toBeHidden();
  await expect(row).toContainText('Commentaire ·');

  // The recovery's steps, newest first.
  await row.getByRole('button', { name: 'Historique' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`Historique du recouvrement · ${invoice.number}`) });
  const steps = drawer.getByTestId('recovery-event');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText(`Lettre recommandée envoyée ${tag}`);
  await expect(steps.nth(1)).toContainText('Relance amiable → Mise en demeure');
  await expect(steps.nth(2)).toContainText('Mise en recouvrement (Relance amiable)');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Every step is in the folder's history too.
  await row.getByRole('link', { name: invoice.folder.number }).click();
  await expect(page).toHaveURL(new RegExp(`/folder/show/${invoice.folder.id}$`));
  const history = page.getByTestId('history-entry');
  await expect(history.filter({ hasText: `Lettre recommandée envoyée ${tag}` })).toHaveCount(1);
  await expect(
    history.filter({ hasText: `Recouvrement de la facture ${invoice.number} : Relance amiable → Mise en demeure` }),
  ).toHaveCount(1);
  await expect(history.filter({ hasText: `Facture ${invoice.number} mise en recouvrement` })).toHaveCount(1);
});

test('UNITÉS suit le serveur : des unités dépensées ailleurs (un autre onglet, l’API) apparaissent sans recharger, et au rechargement', async ({
  page,
}) => {
  const garage = await ownGarage(page, { jeton: 5 });
  await signIn(page, garage.email);
  await expect(unitsCounter(page)).toHaveText(showsUnits(5));
  const invoice = await overdueInvoice(page, garage.email, `Client unités ${Date.now().toString(36)}`, 10);
  // Spent outside this page (the display token still says 5): the live stream brings the new balance.
  expect((await page.request.post(`/api/recovery/open/${invoice.id}`)).status()).toBe(201);
  await expect(unitsCounter(page)).toHaveText(showsUnits(4));
  await page.reload();
  await expect(unitsCounter(page)).toHaveText(showsUnits(4));
});
