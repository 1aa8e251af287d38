import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { buyer, chooseOption, loginAs } from './helpers';

/** An issued invoice of the signed-in clone's garage, made through the API (the documents have their own tests). */
async function issuedInvoice(page: Page, customer: string, euros: string) {
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      customer: buyer(customer),
      lines: [{ title: 'Remplacement pare-brise', quantity: 1, preTaxAmount: euros, position: 1, taxRate: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.post(`/api/quotation/${id}/issue`)).status()).toBe(200);
  const invoice = (await (await page.request.get(`/api/quotation/${id}`)).json()) as { number: string };
  return { id, number: invoice.number };
}

test('un paiement par chèque solde la facture ; les paiements s’exportent en CSV et en Excel', async ({ page }) => {
  test.slow();
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const tag = Date.now().toString(36);
  const customer = `Client paiement ${tag}`;
  const invoice = await issuedInvoice(page, customer, '100,00');

  await page.goto('/paiement/list/paiement');
  await expect(page.getByRole('heading', { name: 'Paiement' })).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  // The dialog is named after the invoice once one is chosen.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Enregistrer un paiement');
  await dialog.getByRole('combobox').fill(invoice.number);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  await expect(dialog).toHaveAccessibleName(`Paiement de la facture ${invoice.number}`);
  // The amount still due is proposed: 100 € HT + 20 % = 120 €.
  await expect(dialog.getByLabel('Montant (€)')).toHaveValue('120,00');
  await dialog.getByText('Chèque', { exact: true }).click();
  await dialog.getByLabel('Commentaire').fill(`Chèque n° ${tag}`);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Paiement enregistré')).toBeVisible();

  await page.getByRole('textbox', { name: 'Rechercher un produit' }).fill(tag);
  const row = page.getByRole('row', { name: new RegExp(invoice.number) });
  await expect(row).toContainText('120,00');
  await expect(row).toContainText('Chèque');
  await expect(page.getByRole('row')).toHaveCount(2);
  const paid = (await (await page.request.get(`/api/quotation/${invoice.id}`)).json()) as { status: string };
  expect(paid.status).toBe('paid');

  await page.getByRole('button', { name: /Exporter/ }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Exporter CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe('export-csv.csv');
  const csv = await readFile((await csvFile.path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, line] = csv.slice(1).trim().split(/\r?\n/);
  expect(header).toBe('"Dossier";"Montant";"Type";"Facture";"Date";"Commentaire"');
  expect(line).toContain(`"${customer}";"120,00";"Chèque";"${invoice.number}"`);
  expect(line).toContain(`"Chèque n° ${tag}"`);

  await page.getByRole('button', { name: /Exporter/ }).click();
  const excelDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Exporter Excel' }).click();
  const excelFile = await excelDownload;
  expect(excelFile.suggestedFilename()).toBe('export-excel.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await excelFile.path()) ?? '');
  const sheet = workbook.getWorksheet('Données');
  expect(sheet).toBeDefined();
  expect(sheet?.getRow(1).values).toEqual([undefined, 'Dossier', 'Montant', 'Type', 'Facture', 'Date', 'Commentaire']);
  expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
  // Excel stores a width as characters plus the cell padding (~0.83): the whole part is the spec's width.
  expect(sheet?.columns.map((column) => Math.floor(column.width ?? 0))).toEqual([30, 20, 15, 20, 15, 40]);
  expect(sheet?.getRow(2).getCell(4).value).toBe(invoice.number);
  expect(sheet?.getRow(2).getCell(6).value).toBe(`Chèque n° ${tag}`);

  // The cheque bounces: the payment is cancelled by a negative record, never edited; the invoice is due again.
  await row.getByRole('button', { name: /^Annuler le paiement de/ }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler ce paiement' });
  await cancel.getByLabel('Motif de l’annulation').fill('Chèque sans provision');
  await cancel.getByRole('button', { name: 'Annuler le paiement' }).click();
  await expect(page.getByText('Paiement annulé', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher un produit' }).fill(tag);
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('row', { name: /Annulation du paiement/ })).toContainText('-120,00');
  await expect(page.getByRole('row', { name: new RegExp(`Chèque n° ${tag}`) })).toContainText('Annulé');
  const due = (await (await page.request.get(`/api/quotation/${invoice.id}`)).json()) as { status: string };
  expect(due.status).toBe('issued');
});

test('acheter un pack d’unités : la carte refusée ne crédite rien, la carte acceptée fait monter UNITÉS sans recharger', async ({
  page,
}) => {
  test.slow();
  // Paris's balance: no other browser test reads it.
  await loginAs(page, 'service.client@demo.garage.fr');
  const counter = page.getByTestId('units-counter');
  const before = ((await (await page.request.get('/api/company/infos')).json()) as { company: { jeton: number } })
    .company.jeton;
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Acheter des unités' })).toBeVisible();
  await page.getByRole('button', { name: 'Acheter le pack Atelier de 50 unités' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paiement : 50 unités' });
  await dialog.getByLabel('Numéro de carte').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiration (MM/AA)').fill('12/29');
  await dialog.getByLabel('Cryptogramme').fill('123');
  await dialog.getByRole('button', { name: /Payer 132,00/ }).click();
  await expect(page.getByText('Paiement refusé par la banque : aucune unité n’a été créditée')).toBeVisible();
  await expect(counter).toContainText(new Intl.NumberFormat('fr-FR').format(before));
  // The form kept what was typed: only the card changes.
  await dialog.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: /Payer 132,00/ }).click();
  await expect(page.getByText('Paiement accepté : unités créditées')).toBeVisible();
  await expect(counter).toContainText(new Intl.NumberFormat('fr-FR').format(before + 50));
  const invoiceLink = page.getByRole('link', { name: /^Facture U-\d{4}-\d{5}$/ }).first();
  await expect(invoiceLink).toBeVisible();
  const pdf = await page.request.get((await invoiceLink.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('Ma consommation : le registre des unités par onglet, une ligne ouvre son dossier', async ({ page }) => {
  test.slow();
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/company/consumption');
  await expect(page.getByRole('heading', { name: 'Ma consommation' })).toBeVisible();
  await page.getByRole('tab', { name: /^Sidexa \(\d+\)$/ }).click();
  const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(first).toContainText('Sidexa');
  await expect(first).toContainText('-1');
  await first.locator('td').nth(1).click();
  await expect(page).toHaveURL(/\/folder\/show\/\d+$/);
});

test('une dépense avec son justificatif PDF entre dans la liste ; un faux PDF est refusé sans rien perdre', async ({
  page,
}) => {
  // Two uploads and a list search: longer than the default 30 s on a busy machine.
  test.slow();
  await loginAs(page, 'cmd@demo.garage.fr');
  const label = `Colle PU ${Date.now().toString(36)}`;
  await page.goto('/expense/list');
  await expect(page.getByRole('heading', { name: 'Dépenses/Achats' })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle dépense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle dépense' });
  await dialog.getByLabel('Libellé').fill(label);
  await chooseOption(dialog, page, 'Catégorie', 'Consommables');
  await dialog.getByLabel('Montant HT (€)').fill('45,50');
  await dialog.getByLabel('Montant HT (€)').blur();
  await expect(dialog.getByLabel('TVA (€)')).toHaveValue('9,10');
  const save = dialog.getByRole('button', { name: 'Enregistrer' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'faux.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html>pas un pdf</html>'),
  });
  await save.click();
  await expect(page.getByText('Le justificatif doit être un PDF ou une image (JPEG, PNG)')).toBeVisible();
  await expect(dialog.getByLabel('Libellé')).toHaveValue(label);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'ticket.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  // The refused save must be over (its spinner gone) before the second one.
  await expect(save).not.toHaveClass(/ant-btn-loading/);
  await save.click();
  await expect(page.getByText('Dépense enregistrée')).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher une dépense' }).fill(label);
  const row = page.getByRole('row', { name: new RegExp(label) });
  await expect(row).toContainText('54,60');
  await expect(row.getByRole('link', { name: `Télécharger le justificatif : ${label}` })).toBeVisible();
});

test('toutes les factures d’une période s’exportent en Excel (nombres et dates), et une facture a son relevé de règlements', async ({
  page,
}) => {
  test.slow();
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const tag = Date.now().toString(36);
  const invoice = await issuedInvoice(page, `Client période ${tag}`, '100,00');
  const paid = await page.request.post('/api/paiement', {
    data: { invoiceId: invoice.id, amount: '20,00', type: 'card' },
  });
  expect(paid.status()).toBe(201);

  await page.goto('/quotation/list/invoice');
  await page.getByRole('textbox', { name: /Rechercher/ }).fill(tag);
  // The export takes the list's search once the list has applied it (typing is debounced): the new invoice
  // heads the list before the search too, so wait until it is the only row.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(invoice.number);
  await page.getByRole('button', { name: /Exporter/ }).click();
  await page.getByRole('menuitem', { name: 'Exporter la période…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exporter la période' });
  await dialog.getByText('Excel', { exact: false }).first().click();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Exporter' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^factures-\d{4}-\d{2}-\d{2}-au-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path()) ?? '');
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet in the export');
  // The list's search went with the export: only this invoice, every column filled from the server.
  expect(sheet.rowCount).toBe(2);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
  expect(cell('N°')).toBe(invoice.number);
  expect(cell('Date d’émission')).toBeInstanceOf(Date);
  expect(cell('Total TTC')).toBe(120);
  expect(cell('Base HT 20 %')).toBe(100);
  expect(cell('Payé')).toBe(20);
  expect(cell('Reste dû')).toBe(100);

  await page.goto(`/quotation/show/${invoice.id}`);
  const statement = page.waitForEvent('download');
  await page
    .getByRole('link', { name: /Relevé de règlements/ })
    .or(page.getByRole('button', { name: /Relevé de règlements/ }))
    .first()
    .click();
  const pdf = await statement;
  const bytes = await readFile((await pdf.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
