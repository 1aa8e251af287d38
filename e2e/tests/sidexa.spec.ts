import { expect, type Locator, type Page, test } from '@playwright/test';
import { ownGarage, showsUnits, signIn, unitsCounter } from './helpers';

/*
 * The vehicle quotation lookup (Sidexa) from the browser. Each test has a garage of its own (test-only
 * route): its units, its hourly rate and its lookups are the test's, whatever runs beside it. The catalogue's plates:
 * HJ-100-FH a Clio V identified by its VIN, FA-899-EN a Golf VIII with variants, AA-000-AA nothing.
 */

/** A folder of that garage for the vehicle `plate`. */
async function vehicleFolder(
  page: Page,
  email: string,
  vehicle: { plate: string; brand: string; model: string },
): Promise<{ id: number; plate: string; number: string }> {
  const response = await page.request.post('/api/test/folder', { data: { email, ...vehicle } });
  expect(response.status()).toBe(201);
  return response.json();
}

const line = (scope: Locator | Page, field: string, n: number) =>
  scope.getByLabel(`${field} de la ligne ${n}`, { exact: true });

/** Confirms the unit in the confirmation modal: "Cette recherche consomme 1 unité…". */
async function confirmUnit(page: Page) {
  const confirm = page.getByRole('dialog', { name: 'Recherche du véhicule' });
  await expect(confirm).toContainText('Cette recherche consomme 1 unité');
  await confirm.getByRole('button', { name: 'Confirmer' }).click();
}

/** Every line of the quote form whose title is labour (priced in hours) has `price`; the others are priced. */
async function expectHourlyRate(quote: Locator, price: string) {
  // The form comes from mf-billing at run time: wait for its lines before counting them.
  await expect(line(quote, 'Libellé', 2)).toBeVisible();
  const count = await quote.getByLabel(/^Libellé de la ligne \d+$/).count();
  expect(count).toBeGreaterThanOrEqual(2);
  let labour = 0;
  for (let n = 1; n <= count; n++) {
    const title = await line(quote, 'Libellé', n).inputValue();
    const unitPrice = line(quote, 'Prix unitaire HT', n);
    if (/^(Main-d’œuvre|Recalibrage)/.test(title)) {
      labour += 1;
      await expect(unitPrice).toHaveValue(price);
    } else {
      await expect(unitPrice).toHaveValue(/^\d+,\d{2}$/);
    }
  }
  expect(labour).toBeGreaterThanOrEqual(1);
}

test('un véhicule identifié par son VIN : une unité consommée, le taux horaire dans la main-d’œuvre, le devis enregistré', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page, { jeton: 5 });
  await signIn(page, garage.email);
  const folder = await vehicleFolder(page, garage.email, { plate: 'HJ-100-FH', brand: 'Renault', model: 'Clio V' });
  await expect(unitsCounter(page)).toHaveText(showsUnits(5));

  await page.goto('/sidexa/list');
  await expect(page.getByRole('heading', { name: 'Sidexa', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Faire un devis/ }).click();
  await expect(page).toHaveURL(/\/sidexa\/add$/);
  await expect(page.getByRole('link', { name: 'Créer un dossier' })).toHaveAttribute('href', '/folder/choice');
  await page.getByRole('combobox', { name: 'Dossier' }).fill('HJ-100-FH');
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'HJ-100-FH' })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/sidexa/add\\?folderId=${folder.id}$`));

  await confirmUnit(page);
  const result = page.getByRole('dialog', { name: /^Véhicule HJ-100-FH/ });
  await expect(result).toBeVisible();
  await expect(result.getByText('Identifié par son numéro de série (VIN)')).toBeVisible();
  await expect(result.getByText('Numéro de série (VIN)', { exact: true })).toBeVisible();
  await expect(result.getByText(/^Options du véhicule \(\d+\)$/)).toBeVisible();
  // UNITÉS follows without a reload.
  await expect(unitsCounter(page)).toHaveText(showsUnits(4));
  await expect(result.getByRole('button', { name: 'Valider la sélection' })).toHaveCount(0);

  // The garage has no hourly rate yet: it is required.
  await expect(result.getByLabel('Taux horaire')).toHaveValue('');
  await result.getByRole('button', { name: 'Confirmer les pièces' }).click();
  await expect(result.getByText('Vous devez renseigner le taux horaire.')).toBeVisible();
  await result.getByLabel('Taux horaire').fill('58,50');
  await result.getByRole('button', { name: 'Confirmer les pièces' }).click();

  const quote = page.getByRole('dialog', { name: 'Nouveau devis' });
  await expect(quote.getByRole('table', { name: 'Lignes du document' })).toBeVisible();
  await expect(result).toBeHidden();
  await expectHourlyRate(quote, '58,50');
  const firstTitle = await line(quote, 'Libellé', 1).inputValue();
  await quote.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Document enregistré')).toBeVisible();
  await expect(quote.getByText('Devis enregistré')).toBeVisible();
  await quote.getByRole('button', { name: 'Ouvrir le devis' }).click();
  await expect(page).toHaveURL(/\/quotation\/show\/\d+$/);
  await expect(line(page, 'Libellé', 1)).toHaveValue(firstTitle);

  // The rate is the garage's from now on, and the lookup is listed with its report.
  const infos = (await (await page.request.get('/api/company/infos')).json()) as {
    company: { hourlyRate: number; jeton: number };
  };
  expect(infos.company).toMatchObject({ hourlyRate: 58.5, jeton: 4 });
  await page.goto('/sidexa/list');
  await expect(page.getByRole('tab', { name: 'Véhicule identifié (1)' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(folder.number) });
  await expect(row).toContainText('1 unité');
  const report = row.getByRole('link', { name: 'Rapport PDF HJ-100-FH' });
  const pdf = await page.request.get((await report.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('un véhicule à variantes depuis le dossier : une pièce par vitrage, le taux horaire appliqué, le devis du dossier', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page, { jeton: 5, hourlyRate: 62 });
  await signIn(page, garage.email);
  const folder = await vehicleFolder(page, garage.email, {
    plate: 'FA-899-EN',
    brand: 'Volkswagen',
    model: 'Golf VIII',
  });
  await page.goto(`/folder/show/${folder.id}`);
  await page.getByRole('button', { name: 'Devis Sidexa' }).click();
  await confirmUnit(page);

  const result = page.getByRole('dialog', { name: /^Véhicule FA-899-EN/ });
  await expect(result.getByText('Non identifié par son VIN')).toBeVisible();
  await expect(unitsCounter(page)).toHaveText(showsUnits(4));
  await expect(result.getByRole('button', { name: 'Confirmer les pièces' })).toHaveCount(0);
  await result.getByRole('button', { name: 'Valider la sélection' }).click();
  await expect(result.getByText('Vous devez sélectionner une pièce.').first()).toBeVisible();

  // A glass per part: the first variant each time.
  const selection = result.getByRole('form', { name: 'Sélection des pièces' });
  const selects = selection.locator('.ant-select');
  const parts = await selects.count();
  expect(parts).toBeGreaterThanOrEqual(1);
  for (let index = 0; index < parts; index++) {
    await selects.nth(index).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  }
  await expect(result.getByText('Vous devez sélectionner une pièce.')).toHaveCount(0);
  await result.getByRole('button', { name: 'Valider la sélection' }).click();
  await expect(result.getByRole('button', { name: 'Confirmer les pièces' })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Valider la sélection' })).toHaveCount(0);

  // Prefilled with the garage's rate; another one is typed, copied into the labour and saved.
  await expect(result.getByLabel('Taux horaire')).toHaveValue('62');
  await result.getByLabel('Taux horaire').fill('65');
  await result.getByRole('button', { name: 'Confirmer les pièces' }).click();
  const quote = page.getByRole('dialog', { name: 'Nouveau devis' });
  await expectHourlyRate(quote, '65,00');
  await quote.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(quote.getByText('Devis enregistré')).toBeVisible();
  await quote.getByRole('button', { name: 'Fermer' }).click();
  await expect(quote).toBeHidden();
  // The folder's billing block lists the new quote.
  await expect(page.getByTestId('folder-billing-document').filter({ hasText: 'Devis' })).toHaveCount(1);
  const infos = (await (await page.request.get('/api/company/infos')).json()) as { company: { hourlyRate: number } };
  expect(infos.company.hourlyRate).toBe(65);

  // Searching again reopens the result: nothing more is consumed.
  await page.getByRole('button', { name: 'Devis Sidexa' }).click();
  await expect(page.getByRole('dialog', { name: /^Véhicule FA-899-EN/ })).toBeVisible();
  await expect(unitsCounter(page)).toHaveText(showsUnits(4));
});

test('sans résultat : le texte du fournisseur, une unité consommée ; fermer revient à la liste', async ({ page }) => {
  const garage = await ownGarage(page, { jeton: 2 });
  await signIn(page, garage.email);
  const folder = await vehicleFolder(page, garage.email, { plate: 'AA-000-AA', brand: 'Renault', model: 'Clio V' });
  await page.goto(`/sidexa/add?folderId=${folder.id}`);
  await confirmUnit(page);
  const noResult = page.getByRole('dialog', { name: 'Aucun résultat' });
  await expect(noResult).toContainText('Aucun véhicule ne correspond à l’immatriculation AA-000-AA');
  await expect(unitsCounter(page)).toHaveText(showsUnits(1));
  await noResult.getByRole('button', { name: 'Fermer' }).click();
  await expect(page).toHaveURL(/\/sidexa\/list$/);
  await expect(page.getByRole('tab', { name: 'Sans résultat (1)' })).toBeVisible();
});

test('sans unité : la recherche mène à l’achat d’unités, rien n’est consommé ni la session perdue', async ({
  page,
}) => {
  const garage = await ownGarage(page, { jeton: 0 });
  await signIn(page, garage.email);
  const folder = await vehicleFolder(page, garage.email, { plate: 'HJ-100-FH', brand: 'Renault', model: 'Clio V' });
  await page.goto(`/sidexa/add?folderId=${folder.id}`);
  await confirmUnit(page);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Acheter des unités' })).toBeVisible();
  await expect(unitsCounter(page)).toHaveText(showsUnits(0));
  const status = (await (await page.request.get(`/api/folder/${folder.id}/sidexa-status`)).json()) as {
    tokenId: string | null;
  };
  expect(status.tokenId).toBeNull();
});
