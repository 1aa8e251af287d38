import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseOption, createTestFolder as createFolder, fillDate, loginAs, selectOf } from './helpers';

const history = (page: import('@playwright/test').Page, kind: string) =>
  page.locator(`[data-testid="history-entry"][data-kind="${kind}"]`).first();

/** A small real PDF, the kind a garage scans. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('rendez-vous : une date passée est refusée, puis le rendez-vous et son commentaire s’enregistrent', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  await page.getByRole('button', { name: 'Fixer le rendez-vous' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rendez-vous' });
  const date = dialog.getByLabel('Date et heure');
  await fillDate(date, '2020-01-06T09:30');
  await dialog.getByRole('button', { name: 'Enregistrer le rendez-vous' }).click();
  await expect(dialog.getByText('Le rendez-vous ne peut pas être fixé dans le passé')).toBeVisible();

  const next = new Date(Date.now() + 2 * 86_400_000);
  const local = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}T10:30`;
  await fillDate(date, local);
  const editor = dialog.getByRole('textbox', { name: 'Commentaire du rendez-vous' });
  await editor.click();
  await editor.pressSequentially('Client prévenu par SMS');
  // Its length and fitter, as the calendar holds them.
  await chooseOption(dialog, page, 'Durée', '1 h 30');
  await chooseOption(dialog, page, 'Poseur', 'Karim Benali');
  await dialog.getByRole('button', { name: 'Enregistrer le rendez-vous' }).click();
  await expect(page.getByText('Rendez-vous enregistré')).toBeVisible();
  await expect(page.getByTestId('appointment-current')).toContainText('10:30');
  await expect(page.getByTestId('appointment-current')).toContainText('1 h 30 · Karim Benali');
  await expect(page.getByTestId('appointment-current')).toContainText('Client prévenu par SMS');
  await expect(history(page, 'appointment')).toContainText('Rendez-vous fixé au');
});

test('relance et anomalie entrent dans l’historique', async ({ page }) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  for (const [button, text, saved, kind] of [
    ['Relance', 'Relancer MAIF pour l’accord', 'Relance enregistrée', 'relance'],
    ['Anomalie', 'Photo avant travaux floue', 'Anomalie signalée', 'anomaly'],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: button });
    const editor = dialog.getByRole('textbox', { name: button });
    await editor.click();
    await editor.pressSequentially(text);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(saved)).toBeVisible();
    await expect(history(page, kind)).toContainText(text);
  }
});

test('clôturer exige les sept réponses, « non assuré » ne laisse que les travaux facturés au client, puis rouvrir', async ({
  page,
}) => {
  // Fourteen select choices and two editors: a long walk through the form.
  test.slow();
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  await page.getByRole('button', { name: 'Clôturer le dossier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clôturer le dossier' });
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog.getByText('Le champ « Travaux » est obligatoire')).toBeVisible();
  await expect(dialog.getByText('Le champ « Assuré (prise en charge) » est obligatoire')).toBeVisible();

  // Another status: the closing answers disappear, the dispatch block appears.
  await chooseOption(dialog, page, 'Statut du dossier', 'En cours (envoi bloqué)');
  await expect(dialog.getByTestId('closing-fields')).toHaveCount(0);
  await chooseOption(dialog, page, 'Envoi', 'Envoi bloqué');
  await expect(selectOf(dialog, 'Statut de la tâche')).toContainText('En attente de validation');
  await chooseOption(dialog, page, 'Statut du dossier', 'Clôturer le dossier');

  await chooseOption(dialog, page, 'Assuré (prise en charge)', 'Non, à la charge du client');
  const works = selectOf(dialog, 'Travaux');
  await expect(works).toContainText('Travaux facturés au client (hors assurance)');
  await works.click();
  await expect(
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="Remplacement réalisé"]'),
  ).toHaveClass(/ant-select-item-option-disabled/);
  await page.keyboard.press('Escape');
  for (const [label, option] of [
    ['Documents manquants', 'Non, dossier complet'],
    ['Franchise', 'Sans franchise'],
    ['Contrôle technique valide', 'Oui'],
    ['Prime invalide', 'Non, prime conforme'],
    ['Kilométrage relevé', 'Oui, kilométrage relevé'],
  ] as const) {
    await chooseOption(dialog, page, label, option);
  }
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(page.locator('.ant-message').getByText('Dossier clôturé')).toBeVisible();
  await expect(page.getByText(/^Clôturé le /)).toBeVisible();
  await expect(history(page, 'close')).toContainText('Travaux : Travaux facturés au client (hors assurance)');

  await page.getByRole('button', { name: 'Rouvrir le dossier' }).click();
  const reopen = page.getByRole('dialog', { name: 'Rouvrir le dossier' });
  await reopen.getByRole('button', { name: 'Rouvrir' }).click();
  await expect(reopen.getByText('Indiquez pourquoi le dossier est rouvert')).toBeVisible();
  const editor = reopen.getByRole('textbox', { name: 'Motif de réouverture' });
  await editor.click();
  await editor.pressSequentially('Infiltration signalée par le client');
  await reopen.getByRole('button', { name: 'Rouvrir' }).click();
  await expect(page.locator('.ant-message').getByText('Dossier rouvert')).toBeVisible();
  await expect(history(page, 'reopen')).toContainText('Infiltration signalée par le client');
  await expect(page.getByRole('button', { name: 'Clôturer le dossier' })).toBeVisible();
});

test('un document s’ajoute après l’avertissement « déjà envoyé », se télécharge à l’identique ; 17 Mo sont refusés', async ({
  page,
}) => {
  // 17 MB travel to the browser before it refuses them: more than the default 30 s on a loaded machine.
  test.slow();
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  await page.getByRole('button', { name: 'Envoyer à l’assureur' }).click();
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText('Dossier envoyé à l’assureur')).toBeVisible();
  await expect(history(page, 'sent')).toContainText('Dossier envoyé à MAIF');

  await page.getByRole('button', { name: 'Ajouter un document' }).click();
  const upload = page.getByRole('dialog', { name: 'Ajouter un nouveau document' });
  // 17 MB: refused in the browser with the spec's alert, the input emptied.
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await upload.getByLabel('Fichier (16 Mo maximum)').setInputFiles({
    name: 'trop-gros.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(17 * 1024 * 1024, 0x20),
  });
  await expect
    .poll(() => alerts)
    .toEqual(['Le fichier est trop volumineux. La taille maximale autorisée est de 16 Mo.']);
  await expect(upload.getByLabel('Fichier (16 Mo maximum)')).toHaveValue('');

  await upload.getByLabel('Nom du document').fill('Constat amiable signé');
  await chooseOption(upload, page, 'Type de document', 'Constat');
  await upload.getByLabel('Fichier (16 Mo maximum)').setInputFiles({
    name: 'constat.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await upload.getByRole('button', { name: 'Enregistrer' }).click();
  const warning = page.getByRole('dialog', { name: 'Dossier déjà envoyé' });
  await expect(warning).toContainText('a déjà été envoyé à MAIF');
  await warning.getByRole('button', { name: 'Ajouter quand même' }).click();
  await expect(page.getByText('Document ajouté au dossier')).toBeVisible();
  const item = page.getByTestId('folder-document').filter({ hasText: 'Constat amiable signé' });
  await expect(item).toContainText('Constat');
  await expect(history(page, 'document')).toContainText('Document ajouté : Constat amiable signé');

  const download = page.waitForEvent('download');
  await item.getByRole('link', { name: 'Télécharger' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('constat.pdf');
  expect(readFileSync(await file.path()).equals(PDF)).toBe(true);
});

test('la cession de créance s’imprime en PDF et se signe à l’écran : la copie signée rejoint les documents', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  const print = await page.request.get(`/cession/${folder.id}/view`);
  expect(print.headers()['content-type']).toBe('application/pdf');
  expect((await print.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page
    .getByRole('region', { name: 'Cession de créance' })
    .getByRole('button', { name: 'Faire signer le client' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Signature de la cession de créance' });
  // The customer reads what they sign: the cession's text, in the dialog.
  await expect(dialog.locator('iframe[title="Texte : Cession de créance"]')).toHaveAttribute(
    'src',
    `/cession/${folder.id}/view`,
  );
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(dialog.getByText('Le client doit accepter la cession de créance')).toBeVisible();
  const pad = dialog.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 ? -20 : 20));
  }
  await page.mouse.up();
  await dialog.getByText('Le client a lu la cession de créance et l’accepte').click();
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(page.getByText('Cession de créance signée et ajoutée aux documents')).toBeVisible();
  await expect(
    page.getByTestId('folder-document').filter({ hasText: 'Cession de créance signée par Hélène Testeur' }),
  ).toBeVisible();
  // The card says it is signed and offers the signed copy; signing again is still possible, no longer the first ask.
  const card = page.getByRole('region', { name: 'Cession de créance' });
  await expect(card.getByTestId('paper-signed')).toContainText('Signé par le client le');
  await expect(card.getByRole('link', { name: 'Télécharger la version signée' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Faire signer le client' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Faire signer à nouveau' })).toBeVisible();
});

test('le bloc Devis et factures vient de mf-billing au chargement ; absent, il laisse sa place à un message', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  const billingEntry = page.waitForRequest(/\/mf\/billing\/remoteEntry\.js/);
  await page.goto(`/folder/show/${folder.id}`);
  await billingEntry;
  await expect(page.getByText('Aucun devis ni facture pour ce dossier')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nouveau devis' })).toBeVisible();
  // mf-billing unreachable: the folder page keeps working around the fallback.
  await page.route(/\/mf\/billing\//, (route) => route.abort());
  await page.reload();
  await expect(page.getByText('Devis et factures indisponibles pour le moment')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clôturer le dossier' })).toBeEnabled();
});

test('l’ordre de réparation s’imprime et se signe avant les travaux, le procès-verbal de livraison avec ses réserves à la reprise', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  const card = page.getByRole('region', { name: 'Ordre de réparation' });
  const href = await card.getByRole('link', { name: 'Imprimer' }).getAttribute('href');
  expect(href).toBe(`/api/folder/${folder.id}/work-order/view`);
  const print = await page.request.get(href ?? '');
  expect(print.headers()['content-type']).toBe('application/pdf');
  expect((await print.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await card.getByRole('button', { name: 'Faire signer le client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signature de l’ordre de réparation' });
  await dialog.getByText('Le client a lu l’ordre de réparation et l’accepte').click();
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(page.getByText('Ordre de réparation signé et ajouté aux documents')).toBeVisible();
  await expect(
    page.getByTestId('folder-document').filter({ hasText: 'Ordre de réparation signé par Hélène Testeur' }),
  ).toBeVisible();

  // At the end, the customer takes the car back and signs the delivery report with a reservation.
  const delivery = page.getByRole('region', { name: 'Procès-verbal de livraison' });
  await delivery.getByRole('button', { name: 'Faire signer le client' }).click();
  const report = page.getByRole('dialog', { name: 'Signature du procès-verbal de livraison' });
  await report.getByLabel('Réserves du client (laisser vide : sans réserve)').fill('Rayure sur le montant gauche');
  await report.getByText('Le client reprend son véhicule après avoir vérifié les travaux').click();
  await report.getByRole('button', { name: 'Signer' }).click();
  await expect(page.getByText('Procès-verbal de livraison signé et ajouté aux documents')).toBeVisible();
  await expect(
    page.getByTestId('folder-document').filter({ hasText: 'Procès-verbal de livraison signé par Hélène Testeur' }),
  ).toBeVisible();
});
