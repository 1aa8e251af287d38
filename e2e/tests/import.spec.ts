import { expect, type Page, test } from '@playwright/test';
import { openSession, ownGarage } from './helpers';

// The SIV alphabet: no I, O nor U.
const SIV = 'ABCDEFGHJKLMNPQRSTVWXYZ';
const plate = (n: number) =>
  `${SIV[Math.floor(n / 1000) % SIV.length]}${SIV[n % SIV.length]}-${String(n % 1000).padStart(3, '0')}-KL`;

/** 2,000 customers with their car, as French garage software exports them: Windows-1252, semicolons; 3 bad rows. */
function export2000(): Buffer {
  const lines = ['N° client;Civilité;Nom;Prénom;Tél.;E-mail;Code postal;Ville;Immatriculation;Marque;Modèle'];
  for (let n = 1; n <= 2000; n += 1) {
    const email = n === 100 ? 'hélène@' : `client${n}@exemple.fr`;
    const phone =
      n === 1000
        ? '04 78'
        : `06 ${String(n)
            .padStart(8, '0')
            .replace(/(\d\d)(?=\d)/g, '$1 ')}`;
    const registration = n === 2000 ? '123 ABC 69' : plate(n);
    lines.push(`C${n};Mme;Lefèvre-${n};Hélène;${phone};${email};69003;Lyon;${registration};Peugeot;308`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

async function uploadAndCheck(page: Page, file: Buffer) {
  await page.goto('/import');
  await page
    .getByLabel('Fichier à importer')
    .setInputFiles({ name: 'export-clients.csv', mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: 'Lire le fichier' }).click();
  const draft = page.locator('.ant-card').filter({ hasText: 'Fichier « export-clients.csv »' });
  await expect(draft).toContainText('Windows-1252');
  await expect(draft).toContainText('point-virgule');
  await draft.getByRole('button', { name: 'Vérifier (sans rien enregistrer)' }).click();
  return draft;
}

test('les clients de l’ancien logiciel : 2 000 lignes en Windows-1252, 3 refusées avec leur raison, puis un second import qui ne change rien', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const garage = await ownGarage(page);
  await openSession(page, garage.email);
  const file = export2000();

  const draft = await uploadAndCheck(page, file);
  // Columns guessed from the headers; the first rows as they will be saved.
  await expect(draft.getByLabel('Immatriculation (obligatoire)')).toBeVisible();
  await expect(draft.getByRole('table', { name: 'Aperçu des premières lignes' })).toContainText('Lefèvre-1');
  const counts = draft.getByTestId('import-counts');
  await expect(counts).toHaveText(
    /1\s997 lignes prêtes à importer : 1\s997 créations, 0 mise à jour, 0 inchangée ; 3 lignes refusées/,
    {
      timeout: 30_000,
    },
  );
  const refused = draft.getByRole('table', { name: 'Lignes refusées' });
  await expect(refused.getByRole('row')).toHaveCount(4);
  await expect(refused).toContainText('101Adresse e-mail invalide');
  await expect(refused).toContainText('1001Le numéro de téléphone doit contenir 10 chiffres');
  await expect(refused).toContainText('2001Immatriculation invalide : format AB-123-CD');

  await draft.getByRole('button', { name: 'Importer' }).click();
  const report = page.locator('.ant-card').filter({ hasText: 'Import de « export-clients.csv »' });
  await expect(report.getByTestId('import-counts')).toHaveText(/1\s997 lignes importées : 1\s997 créations/, {
    timeout: 60_000,
  });
  const history = page.locator('.ant-card').filter({ hasText: 'Imports du garage' });
  await expect(history.getByRole('row').filter({ hasText: 'Importé' })).toHaveCount(1);

  // The same file again: every row found, nothing created, nothing changed.
  const again = await uploadAndCheck(page, file);
  await expect(again.getByTestId('import-counts')).toHaveText(
    /1\s997 lignes prêtes à importer : 0 création, 0 mise à jour, 1\s997 inchangées ; 3 lignes refusées/,
    { timeout: 30_000 },
  );
  await again.getByRole('button', { name: 'Importer' }).click();
  await expect(
    page.locator('.ant-card').filter({ hasText: 'Import de « export-clients.csv »' }).getByTestId('import-counts'),
  ).toHaveText(/0 création, 0 mise à jour, 1\s997 inchangées/, { timeout: 60_000 });
  await expect(history.getByRole('row').filter({ hasText: 'Importé' })).toHaveCount(2);
});
