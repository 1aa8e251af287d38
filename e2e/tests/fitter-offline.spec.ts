import { expect, test } from '@playwright/test';
import { offlineReady } from '../budget/fitter-offline.mjs';
import { openSession, ownGarage } from './helpers';

/*
 * The fitter's app offline: installed by visiting the day's list once, it reloads `/calendar/tasks`
 * without network (service worker + the day saved on the phone), the fitter does the seven steps with two photos
 * for each photo step and has the customer sign the delivery report, all offline; back online, everything reaches
 * the folder once, in order.
 */

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

/** A real 1×1 PNG: the server checks photos by content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('hors connexion, le poseur recharge sa journée, fait les sept étapes avec leurs photos et fait signer le client ; au retour du réseau tout arrive une fois', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page, { fitter: true });
  await openSession(page, garage.email);

  // One visit online installs the app: the manifest is there, the worker takes the page and keeps what it loaded.
  await page.goto('/calendar/tasks');
  await expect(page.getByTestId('fitter-task')).toHaveCount(1);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ start_url: '/calendar/tasks', display: 'standalone' });
  await expect.poll(() => offlineReady(page), { timeout: 20_000 }).toBe(true);

  // No network: the page reloads from the phone.
  await page.context().setOffline(true);
  const started = Date.now();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes interventions du jour' })).toBeVisible();
  await expect(page.getByTestId('fitter-task')).toHaveCount(1);
  console.info(`[hors connexion] /calendar/tasks rechargée sans réseau en ${Date.now() - started} ms`);
  await expect(page.getByTestId('fitter-saved-day')).toContainText('Liste enregistrée sur le téléphone le');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  await page
    .getByTestId('fitter-task')
    .getByRole('button', { name: /Ouvrir l’intervention/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/calendar/task/${garage.folderId}$`));
  const step = (n: number) => page.locator(`[data-testid="fitter-step"][data-step="${n}"]`);
  const photos = async (label: string) => {
    await page
      .getByLabel('Prendre la photo')
      .setInputFiles({ name: `${label}-1.png`, mimeType: 'image/png', buffer: PNG });
    await page
      .getByLabel('Ajouter une photo')
      .setInputFiles({ name: `${label}-2.png`, mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('fitter-photo-count')).toHaveText('2 photos sur 6 au plus');
  };
  const labels = [
    'Je pars chez le client',
    'Photos avant travaux',
    'Début du remplacement',
    'Photo pendant les travaux',
    'Fin du remplacement',
    'Photos après travaux',
  ];
  for (const [index, label] of labels.entries()) {
    if (index % 2 === 1) await photos(`etape-${index + 1}`);
    await page.getByRole('button', { name: `Valider : ${label}` }).click();
    await expect(step(index + 1)).toHaveAttribute('data-status', 'pending');
  }
  await page.getByLabel('Votre commentaire sur l’intervention').fill('Pare-brise posé, client prévenu.');
  await page.getByRole('button', { name: 'Enregistrer le commentaire' }).click();
  await expect(step(7)).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('fitter-sync-banner')).toContainText('7 étapes en attente d’envoi');

  // The customer signs on the phone, still offline.
  await page
    .getByRole('region', { name: 'Procès-verbal de livraison' })
    .getByRole('button', { name: 'Faire signer le client' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Signature du procès-verbal de livraison' });
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Signer' }).click();
  await expect(page.getByTestId('fitter-delivery-signed')).toContainText('en attente d’envoi');
  await expect(page.getByTestId('fitter-sync-banner')).toContainText('8 étapes en attente d’envoi');

  // Back online: everything leaves, in order, once.
  await page.context().setOffline(false);
  await expect(page.getByTestId('fitter-sync-banner')).toContainText('Toutes vos étapes sont envoyées', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('fitter-delivery-signed')).toContainText('Procès-verbal de livraison signé le');

  const show = await page.request.get(`/api/folder/show/${garage.folderId}`);
  const folder = (await show.json()) as { history: { kind: string; field: string | null }[] };
  const steps = folder.history.filter((row) => row.kind === 'fitter_step').map((row) => row.field);
  expect(steps.sort()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  const documents = (await (await page.request.get(`/api/folder/${garage.folderId}/documents`)).json()) as {
    typeFile: string;
  }[];
  const count = (type: string) => documents.filter((document) => document.typeFile === type).length;
  expect([count('Photo avant travaux'), count('Photo pendant travaux'), count('Photo après travaux')]).toEqual([
    2, 2, 2,
  ]);
  expect(count('Procès-verbal de livraison')).toBe(1);
});

test('un rechargement hors connexion montre faites les étapes déjà envoyées, en attente celles du téléphone, et un seul bandeau ; un dossier « Réparation » nomme ses étapes', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page, { fitter: true, repairKind: 'repair' });
  await openSession(page, garage.email);
  await page.goto('/calendar/tasks');
  await expect(page.getByTestId('fitter-task')).toHaveCount(1);
  await expect.poll(() => offlineReady(page), { timeout: 20_000 }).toBe(true);

  // Online: the first two steps reach the server.
  await page
    .getByTestId('fitter-task')
    .getByRole('button', { name: /Ouvrir l’intervention/ })
    .click();
  const step = (n: number) => page.locator(`[data-testid="fitter-step"][data-step="${n}"]`);
  await page.getByRole('button', { name: 'Valider : Je pars chez le client' }).click();
  await page.getByLabel('Prendre la photo').setInputFiles({ name: 'avant.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Valider : Photos avant travaux' }).click();
  await expect(page.getByTestId('fitter-sync-banner')).toContainText('Toutes vos étapes sont envoyées', {
    timeout: 30_000,
  });
  await expect(step(2)).toHaveAttribute('data-status', 'done');

  // Offline: the third is kept on the phone, then the phone kills the tab (a reload).
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Valider : Début de la réparation' }).click();
  await expect(step(3)).toHaveAttribute('data-status', 'pending');
  await page.reload();
  await expect(step(1)).toHaveAttribute('data-status', 'done');
  await expect(step(2)).toHaveAttribute('data-status', 'done');
  await expect(step(3)).toHaveAttribute('data-status', 'pending');
  await expect(step(4)).toHaveAttribute('data-status', 'next');
  await expect(step(5)).toContainText('Fin de la réparation');
  await expect(page.getByRole('button', { name: 'Valider : Je pars chez le client' })).toHaveCount(0);
  // One message says what will happen: the page's, not also the shell's « Connexion au serveur perdue ».
  await expect(page.getByTestId('fitter-sync-banner')).toContainText(
    'Hors connexion : vos étapes partent dès le retour du réseau',
  );
  await expect(page.getByTestId('fitter-sync-banner')).toContainText('1 étape en attente d’envoi');
  await expect(page.getByText('Connexion au serveur perdue')).toHaveCount(0);

  // Back online: the third leaves, once, and the history names it after the repair.
  await page.context().setOffline(false);
  await expect(step(3)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const show = await page.request.get(`/api/folder/show/${garage.folderId}`);
  const folder = (await show.json()) as { history: { kind: string; field: string | null; content: string | null }[] };
  const steps = folder.history.filter((row) => row.kind === 'fitter_step');
  expect(steps.map((row) => row.field).sort()).toEqual(['1', '2', '3']);
  expect(steps.find((row) => row.field === '3')?.content).toContain('Début de la réparation');
});
