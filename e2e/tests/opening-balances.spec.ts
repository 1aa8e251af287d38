import { expect, test } from '@playwright/test';
import { openSession, ownGarage } from './helpers';

/** The former software's unpaid invoices as its export writes them: Windows-1252, semicolons, one bad row. */
function unpaidExport(): Buffer {
  const lines = [
    'N° facture;Date facture;Échéance;Client;Assureur;Montant TTC;Reste dû',
    'FA2025-0412;12/09/2025;12/10/2025;Lefort Bernard;;640,00;640,00',
    'FA2025-0470;28/10/2025;;Transports Rhône Alpes SARL;;2 400,00;900,00',
    'FA2025-0481;31/10/2025;;Dupuis Marc;Assurances Inconnues;380,00;380,00',
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

test('les factures impayées de l’ancien logiciel deviennent des soldes repris : relancés et encaissés, jamais des factures', async ({
  page,
}) => {
  const garage = await ownGarage(page);
  await openSession(page, garage.email);

  await page.goto('/import');
  await page.getByText('Factures impayées (soldes repris)', { exact: true }).click();
  await expect(page.getByText(/devient un « Solde repris » à encaisser/)).toBeVisible();
  await page
    .getByLabel('Fichier à importer')
    .setInputFiles({ name: 'impayes.csv', mimeType: 'text/csv', buffer: unpaidExport() });
  await page.getByRole('button', { name: 'Lire le fichier' }).click();
  const draft = page.locator('.ant-card').filter({ hasText: 'Fichier « impayes.csv »' });
  await expect(draft.getByLabel('Reste dû (€) (obligatoire)')).toBeVisible();
  await draft.getByRole('button', { name: 'Vérifier (sans rien enregistrer)' }).click();
  await expect(draft.getByTestId('import-counts')).toHaveText(
    /2 lignes prêtes à importer : 2 créations.*1 ligne refusée/,
  );
  await expect(draft.getByRole('table', { name: 'Lignes refusées' })).toContainText(
    'Assureur « Assurances Inconnues » inconnu du garage',
  );
  await draft.getByRole('button', { name: 'Importer' }).click();
  await expect(
    page.locator('.ant-card').filter({ hasText: 'Import de « impayes.csv »' }).getByTestId('import-counts'),
  ).toHaveText(/2 lignes importées : 2 créations/);

  // Overdue, they wait in « Recouvrements », marked, with no invoice page to open.
  await page.goto('/recovery/list/all');
  const lefort = page.getByRole('row').filter({ hasText: 'ANC-FA2025-0412' });
  await expect(lefort).toContainText('Solde repris');
  await expect(lefort).toContainText('Lefort Bernard');
  await expect(lefort).toContainText('640,00');
  await expect(lefort.getByRole('link', { name: 'ANC-FA2025-0412' })).toHaveCount(0);

  // The payment form finds one by its former number and proposes what is still due.
  await page.goto('/paiement/list/paiement');
  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill('FA2025-0470');
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  // The list first shows every balance, then (typing searched) the one asked for.
  await expect(option).toHaveCount(1);
  await expect(option).toHaveText(/Solde repris ANC-FA2025-0470 · Transports Rhône Alpes SARL · reste 900,00/);
  await option.click();
  await expect(dialog.getByLabel('Montant (€)')).toHaveValue('900,00');
  await dialog.getByText('Virement', { exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Paiement enregistré')).toBeVisible();
  const paid = page.getByRole('row').filter({ hasText: 'ANC-FA2025-0470' });
  await expect(paid).toContainText('900,00');
  await expect(paid).toContainText('Solde repris');
});
