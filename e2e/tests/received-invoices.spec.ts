import { expect, type Page, test } from '@playwright/test';
import { chooseOption, loginAs, openSession, ownGarage } from './helpers';

/** A supplier's e-invoice addressed to the garage, written by the API's own EN 16931 writers (a test-only route). */
async function supplierInvoice(page: Page, companyId: number, syntax: 'Factur-X' | 'CII' | 'UBL', number: string) {
  const response = await page.request.post('/api/test/supplier-invoice', { data: { companyId, syntax, number } });
  expect(response.status()).toBe(200);
  const { name, base64 } = (await response.json()) as { name: string; base64: string };
  const mimeType = syntax === 'Factur-X' ? 'application/pdf' : 'application/xml';
  return { name, mimeType, buffer: Buffer.from(base64, 'base64') };
}

test('une facture fournisseur reçue : importée en dépense au centime, refusée avec un motif des règles, son doublon signalé', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page);
  await openSession(page, garage.email);
  const file = await supplierInvoice(page, garage.companyId, 'Factur-X', 'FA-E2E-1');
  await page.goto('/expense/list');
  await expect(page.getByRole('heading', { name: 'Dépenses/Achats' })).toBeVisible();
  await page.getByLabel('Fichier de la facture reçue').setInputFiles(file);
  await expect(page.getByText('Facture enregistrée en dépense')).toBeVisible();

  // 2 × 189,90 € at 20 % and 39,90 € at 5,5 %: 419,70 € HT, 78,15 € of VAT, 497,85 € TTC.
  const row = page.getByRole('row', { name: /Facture FA-E2E-1/ });
  await expect(row).toContainText('419,70');
  await expect(row).toContainText('497,85');
  await row.getByRole('button', { name: /facture reçue : Facture FA-E2E-1/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Facture reçue n° FA-E2E-1' });
  await expect(dialog).toContainText('Pare-brise Clio V athermique');
  await expect(dialog).toContainText('Factur-X, importée à la main');
  await expect(dialog.getByRole('row', { name: /5,5 %.*2,19/ })).toBeVisible();

  await dialog.getByRole('button', { name: 'Refuser…' }).click();
  await dialog.getByRole('button', { name: 'Envoyer au fournisseur' }).click();
  await expect(dialog.getByText('Choisissez le motif : le fournisseur le reçoit avec le statut')).toBeVisible();
  await chooseOption(dialog, page, 'Motif du refus', 'Taux de TVA erroné');
  await dialog.getByRole('button', { name: 'Envoyer au fournisseur' }).click();
  await expect(page.getByText('Refusée : le statut part vers le fournisseur')).toBeVisible();
  // No platform for this garage: the status waits in the outbox, and says so.
  await expect(dialog.getByRole('list', { name: 'Statuts transmis au fournisseur' })).toContainText(
    'Refusée — facture FA-E2E-1 : mis en file d’envoi vers la plateforme',
  );
  await expect(dialog.getByRole('button', { name: 'Approuver' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(row).toContainText('Refusée');

  // The same invoice again, as UBL: refused once as a duplicate and listed with its reason.
  await page
    .getByLabel('Fichier de la facture reçue')
    .setInputFiles(await supplierInvoice(page, garage.companyId, 'UBL', 'FA-E2E-1'));
  await expect(page.getByText('Facture non enregistrée en dépense')).toBeVisible();
  const toTreat = page.locator('.ant-card').filter({ hasText: 'Factures reçues à traiter (1)' });
  await expect(toTreat).toContainText('Doublon refusé');
  await expect(toTreat).toContainText(
    'Doublon : la facture n° FA-E2E-1 de Pare-Brise Distribution SAS a déjà été reçue',
  );
});

test('« Facturation électronique » : la plateforme de la démo répond, le garage est abonné et ses factures arrivent en dépenses', async ({
  page,
}) => {
  test.slow();
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/company/einvoicing');
  await expect(page.getByRole('heading', { name: 'Facturation électronique' })).toBeVisible();
  await expect(page.getByText('Plateforme de démonstration')).toBeVisible();
  await page.getByRole('button', { name: 'Tester la connexion' }).click();
  await expect(page.getByText(/reçoit les factures à l’adresse 0225:\d{9}/)).toBeVisible();
  await expect(page.getByText(/Abonné : la plateforme appellera/)).toBeVisible();
  // The demo's supplier invoices arrived through it at the start.
  await page.goto('/expense/list');
  await page.getByRole('textbox', { name: 'Rechercher une dépense' }).fill('Capteur de pluie');
  await expect(page.getByRole('row', { name: /Capteur de pluie Renault Clio V/ })).toContainText('Reçue');
  await expect(page.locator('.ant-card').filter({ hasText: 'Factures reçues à traiter' })).toContainText(
    'Doublon refusé',
  );

  // The demo sent its latest insurer invoice through the platform: the insurer approved it.
  const approved = await page.request.get(
    `/api/quotation/list/invoice?filters=${encodeURIComponent(JSON.stringify({ 7: 'approuv' }))}`,
  );
  const [invoice] = ((await approved.json()) as { data: { id: number }[] }).data;
  expect(invoice).toBeDefined();
  await page.goto(`/quotation/show/${invoice?.id}`);
  const card = page.locator('[aria-label="Facture électronique"]');
  await expect(card).toContainText('Approuvée');
  await expect(card).toContainText('Factur-X déposée sur la plateforme le');
  await expect(page.getByRole('list', { name: 'Statuts de la facture électronique' })).toContainText(
    'Mise à disposition',
  );
});

test('en direct : la facture d’un fournisseur arrive dans la liste ouverte, la facture émise à une entreprise passe « Déposée » puis « Mise à disposition »', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page);
  const connected = await page.request.post('/api/test/platform-connect', { data: { companyId: garage.companyId } });
  expect(connected.status()).toBe(200);
  const { buyerSiren } = (await connected.json()) as { buyerSiren: string };
  await openSession(page, garage.email);

  // The bell reads the unread count once the server registered its stream (`ready`): from that read on, what the
  // server announces reaches this tab.
  let counts = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/notifications/unread-nbre')) counts += 1;
  });
  await page.goto('/expense/list');
  await expect(page.getByRole('heading', { name: 'Dépenses/Achats' })).toBeVisible();
  await expect.poll(() => counts).toBeGreaterThanOrEqual(1);
  const number = `FA-LIVE-${Date.now()}`;
  const delivered = await page.request.post('/api/test/platform-delivery', {
    data: { companyId: garage.companyId, number },
  });
  expect(delivered.status()).toBe(200);
  // No reload: the platform's webhook booked it, the stream told the page.
  await expect(page.getByRole('row', { name: new RegExp(`Facture ${number}`) })).toContainText('Reçue');

  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      customer: {
        name: 'Transports Rhône SARL',
        isBusiness: true,
        siren: buyerSiren,
        address: '3 place Bellecour',
        postalCode: '69002',
        city: 'Lyon',
      },
      lines: [{ title: 'Pare-brise', quantity: 1, preTaxAmount: '350,00', position: 1 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/quotation/show/${id}`);
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await page.getByRole('dialog', { name: 'Émettre ce document ?' }).getByRole('button', { name: 'Émettre' }).click();
  await expect(page.getByText('Document émis')).toBeVisible();
  const statuses = page.getByRole('list', { name: 'Statuts de la facture électronique' });
  await expect(statuses).toContainText('Déposée', { timeout: 30_000 });
  // The platform makes it available in a later call of its own (its webhook, then the outbox's next pass): as slow as
  // the deposit under a loaded machine, so the same patience.
  await expect(statuses).toContainText('Mise à disposition', { timeout: 30_000 });
  await expect(page.locator('[aria-label="Facture électronique"]')).toContainText(
    'Factur-X déposée sur la plateforme le',
  );
});
