import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { INTEGRITY_VALID, parisToday } from 'contracts';
import { buyer, fillDate, loginAs, ownGarage, signIn } from './helpers';

test('la page Intégrité d’un garage de démonstration recalcule sa chaîne : intègre, avec sa tête et ses grands totaux', async ({
  page,
}) => {
  await loginAs(page, 'comptable@demo.garage.fr');
  // In the accountant's side menu (its « Suite du menu » open by itself: the menu is short).
  await page.getByRole('menu', { name: 'Menu principal' }).getByRole('link', { name: 'Intégrité' }).click();
  await expect(page).toHaveURL(/\/integrity$/);
  await expect(page.getByRole('heading', { name: 'Intégrité', level: 1 })).toBeVisible();
  await expect(page.getByText(INTEGRITY_VALID)).toBeVisible();
  await expect(page.getByText(/maillons recalculés en \d+ ms/)).toBeVisible();
  const head = page.locator('.ant-card', { has: page.getByText('Tête de chaîne', { exact: true }) });
  await expect(head.locator('code').filter({ hasText: /^[0-9a-f]{64}$/ })).toBeVisible();
  await expect(page.getByText('Grand total des ventes TTC')).toBeVisible();
});

test('la page Intégrité montre la clé de signature et fait une archive signée d’une période, téléchargée', async ({
  page,
}) => {
  // An issue, a zip signed on the server and a download: on a loaded machine with its neighbours it passes 30 s.
  test.slow();
  // A garage of the test's own: its archives are the test's, and the demo garages' chains stay as they were.
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      customer: buyer('Client archive'),
      lines: [{ title: 'Remplacement pare-brise', quantity: 1, preTaxAmount: '100,00', position: 1, taxRate: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.post(`/api/quotation/${id}/issue`)).status()).toBe(200);

  await page.goto('/integrity');
  await expect(page.getByText(INTEGRITY_VALID)).toBeVisible();
  const keyCard = page.locator('.ant-card', { has: page.getByText('Clé de signature des archives', { exact: true }) });
  await expect(keyCard.locator('code').filter({ hasText: /^[0-9a-f]{64}$/ })).toBeVisible();
  await keyCard.getByText('Clé publique complète (PEM)').click();
  await expect(keyCard.getByText(/-----BEGIN PUBLIC KEY-----/)).toBeVisible();

  const archives = page.locator('.ant-card', { has: page.getByText('Archives', { exact: true }) });
  await expect(archives.getByText(/Aucune archive pour l’instant/)).toBeVisible();
  const today = parisToday();
  await fillDate(archives.getByLabel('Du', { exact: true }), today);
  await fillDate(archives.getByLabel('Au', { exact: true }), today);
  await archives.getByRole('button', { name: /Archiver la période/ }).click();
  await expect(page.getByText('Archive signée créée')).toBeVisible();
  const link = archives.getByRole('link', { name: /^Télécharger archive-periode-/ });
  await expect(link).toHaveCount(1);
  const row = archives
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: /^Télécharger archive-periode-/ }) });
  await expect(row).toContainText('Période');

  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^archive-periode-${today}-au-${today}-garage-${garage.companyId}-n\\d+-tete-[0-9a-f]{16}\\.zip$`),
  );
  const bytes = await readFile((await file.path()) ?? '');
  // A zip (its first local header), as large as the list says.
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  const listed = (await (await page.request.get(`/api/integrity/${garage.companyId}/archives`)).json()) as {
    bytes: number;
  }[];
  expect(listed.map((archive) => archive.bytes)).toEqual([bytes.length]);

  // The archive is a link of the chain, which stays whole, and an event of the log, as is its download.
  await page.getByRole('button', { name: /Vérifier maintenant/ }).click();
  await expect(page.getByText(INTEGRITY_VALID)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Archive signée', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Export', exact: true })).toBeVisible();
});
