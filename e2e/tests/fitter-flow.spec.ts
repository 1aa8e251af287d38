import { expect, type Page, test } from '@playwright/test';
import { ownGarage, signIn } from './helpers';

// A phone.
test.use({ viewport: { width: 390, height: 844 } });

/** A real 1×1 PNG: the server checks a photo by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** How many steps wait in the phone's IndexedDB queue. */
const queuedInBrowser = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('garage-fitter');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('steps').objectStore('steps').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

interface HistoryRow {
  kind: string;
  field: string | null;
  newValue: string | null;
}

test('le poseur fait ses étapes sur son téléphone, dont une hors connexion, envoyée une seule fois au retour du réseau', async ({
  page,
}) => {
  test.slow();
  // A fitter of the test's own: a garage, its technician linked to the account and one appointment today.
  const garage = await ownGarage(page, { fitter: true });
  await signIn(page, garage.email);

  await page.goto('/calendar/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes interventions du jour' })).toBeVisible();
  const card = page.getByTestId('fitter-task');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Prochaine étape : 1. Je pars chez le client');
  await card.getByRole('button', { name: /Ouvrir l’intervention/ }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar/task/${garage.folderId}$`));

  const step = (n: number) => page.locator(`[data-testid="fitter-step"][data-step="${n}"]`);
  const banner = page.getByTestId('fitter-sync-banner');
  await expect(step(1)).toHaveAttribute('data-status', 'next');
  await expect(step(2)).toHaveAttribute('data-status', 'later');

  // Step 1, then step 2 with a photo from the camera.
  await page.getByRole('button', { name: 'Valider : Je pars chez le client' }).click();
  await expect(step(1)).toHaveAttribute('data-status', 'done');
  await expect(step(1)).toContainText('Fait à');
  const camera = page.getByLabel('Prendre la photo');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles({ name: 'avant.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Valider : Photos avant travaux' }).click();
  await expect(step(2)).toHaveAttribute('data-status', 'done');
  await expect(banner).toContainText('Toutes vos étapes sont envoyées');

  // Step 3 in a basement: kept on the phone, shown done-but-pending, the next step open.
  await page.context().setOffline(true);
  await expect(banner).toContainText('Hors connexion : vos étapes partent dès le retour du réseau');
  await page.getByRole('button', { name: 'Valider : Début du remplacement' }).click();
  await expect(step(3)).toHaveAttribute('data-status', 'pending');
  await expect(step(3)).toContainText('En attente d’envoi');
  await expect(banner).toContainText('1 étape en attente d’envoi');
  await expect(step(4)).toHaveAttribute('data-status', 'next');
  expect(await queuedInBrowser(page)).toBe(1);

  // The network is back: sent, once.
  await page.context().setOffline(false);
  await expect(banner).toContainText('Toutes vos étapes sont envoyées');
  await expect(step(3)).toHaveAttribute('data-status', 'done');
  expect(await queuedInBrowser(page)).toBe(0);

  const show = await page.request.get(`/api/folder/show/${garage.folderId}`);
  expect(show.status()).toBe(200);
  const folder = (await show.json()) as { folder: { status: { label: string } }; history: HistoryRow[] };
  const steps = folder.history.filter((row) => row.kind === 'fitter_step');
  expect(steps.filter((row) => row.field === '3')).toHaveLength(1);
  expect(steps.map((row) => row.field).sort()).toEqual(['1', '2', '3']);
  expect(folder.folder.status.label).toBe('En cours');
  const documents = (await (await page.request.get(`/api/folder/${garage.folderId}/documents`)).json()) as {
    typeFile: string;
    mimeType: string;
  }[];
  expect(documents.map((document) => [document.typeFile, document.mimeType])).toEqual([
    ['Photo avant travaux', 'image/png'],
  ]);

  // What the server holds is what the page shows after a reload.
  await page.reload();
  await expect(step(3)).toHaveAttribute('data-status', 'done');
  await expect(step(4)).toHaveAttribute('data-status', 'next');
  await expect(page.getByText('En cours', { exact: true })).toBeVisible();
});
