import { expect, type Page, test } from '@playwright/test';
import { buyer, ownGarage, signIn } from './helpers';

/*
 * The desk: an invoice paid in cash as it is issued comes out « acquittée », and the evening's cash-up counts it. In a
 * garage of the test's own, so the day's receipts are this test's alone.
 */

test('une facture réglée en espèces à l’émission sort acquittée ; la clôture de caisse du soir la compte et s’imprime', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      customer: buyer('Client comptoir'),
      paymentTermDays: 0,
      lines: [{ title: 'Balais d’essuie-glace', quantity: 1, preTaxAmount: '50,00', position: 1, taxRate: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/quotation/show/${id}`);
  await page.getByRole('button', { name: 'Émettre' }).click();
  const question = page.getByRole('dialog');
  await expect(question.getByRole('radio', { name: 'Non, à régler plus tard' })).toBeChecked();
  await question.getByRole('radio', { name: 'Espèces' }).check();
  await question.getByRole('button', { name: 'Émettre' }).click();
  await expect(page.getByText('Facture émise acquittée : paiement enregistré')).toBeVisible();
  await expect(page.getByText('Acquittée à l’émission (espèces)')).toBeVisible();
  const issued = (await (await page.request.get(`/api/quotation/${id}`)).json()) as { status: string };
  expect(issued.status).toBe('paid');

  // The evening: from « Paiement » to the cash-up, the 60 € in cash listed.
  await page.goto('/paiement/list/paiement');
  await page.getByRole('button', { name: 'Clôture de caisse' }).click();
  await expect(page.getByRole('heading', { name: 'Clôture de caisse' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Espèces 1/ })).toContainText('60,00');

  await page.getByLabel('Fond de caisse (€)').fill('100');
  await page.getByLabel('Espèces comptées (€)').fill('155');
  await expect(page.getByText(/Écart\s*-5,00/)).toBeVisible();
  await page.getByRole('button', { name: 'Clôturer la caisse' }).click();
  await expect(page.getByText('Expliquez l’écart entre les espèces comptées et les espèces attendues')).toBeVisible();
  await page.getByLabel('Explication de l’écart').fill('Pièce de 5 € rendue en trop');
  await page.getByRole('button', { name: 'Clôturer la caisse' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clôturer' }).click();
  await expect(page.getByText('Caisse clôturée', { exact: true })).toBeVisible();
  await expect(page.getByText('Pièce de 5 € rendue en trop')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Imprimer/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cloture-de-caisse-\d{4}-\d{2}-\d{2}\.pdf$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  // Closed once: the page shows it kept, without the form, when opened again.
  await page.reload();
  await expect(page.getByText('Caisse clôturée', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clôturer la caisse' })).toHaveCount(0);
});

/** An issued invoice to the insurer of a new folder of the garage, for `euros` before tax (20 % VAT): its number. */
async function insurerInvoice(page: Page, email: string, euros: string) {
  const folder = await page.request.post('/api/test/folder', { data: { email } });
  expect(folder.status()).toBe(201);
  const { id: folderId } = (await folder.json()) as { id: number };
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      folderId,
      billTo: 'insurer',
      lines: [{ title: 'Remplacement pare-brise', quantity: 1, preTaxAmount: euros, position: 1, taxRate: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const issued = await page.request.post(`/api/quotation/${id}/issue`, {
    data: { cessionOverride: 'Accord de l’assureur par téléphone' },
  });
  expect(issued.status()).toBe(200);
  return ((await issued.json()) as { number: string }).number;
}

test('un virement d’assureur règle plusieurs factures d’un coup, depuis « Créances assureurs »', async ({ page }) => {
  test.slow();
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  // Two insurer invoices of the garage's own folders (the folder's insurer is the buyer).
  const numbers = [
    await insurerInvoice(page, garage.email, '200,00'),
    await insurerInvoice(page, garage.email, '300,00'),
  ];

  await page.goto('/paiement/list/paiement');
  await page.getByRole('button', { name: 'Créances assureurs' }).click();
  await expect(page.getByRole('heading', { name: 'Créances assureurs' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '600,00' }).first();
  await row.getByRole('button', { name: /Développer la ligne/ }).click();
  for (const number of numbers) await page.getByLabel(`Choisir la facture ${number}`).check();
  await page.getByRole('button', { name: 'Enregistrer un virement (2)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Montant reçu (€)')).toHaveValue('600,00');
  await dialog.getByLabel('Référence du virement').fill('VIR ASSUREUR 2026-118');
  await dialog.getByRole('button', { name: 'Enregistrer le virement' }).click();
  await expect(page.getByText('Virement réparti sur 2 factures')).toBeVisible();
  await expect(page.getByText(/Aucun assureur ne doit rien/)).toBeVisible();

  // Each invoice received its share, a payment of its own with the transfer's reference.
  await page.goto('/paiement/list/paiement');
  await page.getByRole('textbox', { name: 'Rechercher un produit' }).fill('VIR ASSUREUR 2026-118');
  await expect(page.getByRole('row', { name: new RegExp(numbers[0] ?? '') })).toContainText('240,00');
  await expect(page.getByRole('row', { name: new RegExp(numbers[1] ?? '') })).toContainText('360,00');
});

test('un virement plus grand que la facture : le reste sur le compte de l’assureur, imputé sur sa facture suivante', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const first = await insurerInvoice(page, garage.email, '200,00');
  await page.goto('/paiement/insurers');
  await page
    .getByRole('row')
    .filter({ hasText: '240,00' })
    .first()
    .getByRole('button', { name: /Développer la ligne/ })
    .click();
  await page.getByLabel(`Choisir la facture ${first}`).check();
  // Not past due: a reminder is not sent, and says why.
  await page.getByRole('button', { name: 'Relancer par e-mail (1)' }).click();
  await expect(page.getByText(`Aucune relance envoyée · ${first} non relancée : Pas encore échue`)).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer un virement (1)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Montant reçu (€)').fill('300,00');
  await expect(dialog.getByText(/60,00\s€ de plus que ce que doivent les factures choisies/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer le virement' }).click();
  await expect(page.getByText('Virement réparti sur 1 facture')).toBeVisible();
  // Owing nothing, the insurer stays listed with its money on account.
  const insurerRow = page.getByRole('row').filter({ hasText: 'SIREN' }).first();
  await expect(insurerRow).toContainText('60,00');

  const second = await insurerInvoice(page, garage.email, '300,00');
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: '360,00' })
    .first()
    .getByRole('button', { name: /Développer la ligne/ })
    .click();
  await page.getByLabel(`Choisir la facture ${second}`).check();
  await page.getByRole('button', { name: /^Imputer le montant sur compte/ }).click();
  await expect(page.getByText(/60,00\s€ du compte de l’assureur imputés sur 1 facture/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'SIREN' }).first()).toContainText('300,00');

  // In the payments: the transfer on the first invoice, the move's two records tagged « Imputation ».
  await page.goto('/paiement/list/paiement');
  await expect(page.getByRole('row').filter({ hasText: 'Imputation' })).toHaveCount(2);
});

test('un client de passage au comptoir : plaque, client, une ligne, « Encaisser » — la facture sort acquittée en une douzaine de gestes', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  await page.goto('/paiement/list/paiement');
  // Every gesture of the person at the desk is counted: clicks and fields typed in.
  let gestures = 0;
  const click = async (target: ReturnType<typeof page.getByText>) => {
    gestures += 1;
    await target.click();
  };
  const type = async (target: ReturnType<typeof page.getByLabel>, text: string) => {
    gestures += 1;
    await target.fill(text);
  };
  const started = Date.now();

  await click(page.getByRole('button', { name: 'Vente au comptoir' }));
  await expect(page.getByRole('heading', { name: 'Vente au comptoir' })).toBeVisible();
  await type(page.getByLabel('Immatriculation'), 'QZ-482-QZ');
  await type(page.getByLabel('Nom', { exact: true }), 'Passant');
  await type(page.getByLabel('Adresse'), '3 place Bellecour');
  await type(page.getByLabel('Code postal'), '69002');
  await type(page.getByLabel('Ville'), 'Lyon');
  await type(page.getByLabel('Libellé de la ligne 1', { exact: true }), 'Balais d’essuie-glace');
  await type(page.getByLabel('Prix unitaire TTC de la ligne 1', { exact: true }), '36');
  // The means are big buttons (radios drawn as buttons): the cashier clicks the word.
  await click(page.getByText('Espèces', { exact: true }));
  await expect(page.getByRole('radio', { name: 'Espèces' })).toBeChecked();
  await click(page.getByRole('button', { name: /^Encaisser/ }));

  await expect(page.getByText(/^Facture F-\d{4}-\d{5} acquittée : 36,00/)).toBeVisible();
  expect(gestures).toBeLessThanOrEqual(12);
  // Well under a minute at a person's pace (each gesture a few seconds); the machine's own time is printed, not judged.
  console.log(`vente au comptoir : ${gestures} gestes, ${Date.now() - started} ms`);

  // Printable at once: the invoice's PDF, receipted.
  const pdf = await page.request.get(
    (await page.getByRole('link', { name: 'Imprimer la facture' }).getAttribute('href')) ?? '',
  );
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const shown = (await page.getByRole('link', { name: 'Voir la facture' }).getAttribute('href')) ?? '';
  const invoice = (await (await page.request.get(`/api/quotation/${shown.split('/').pop()}`)).json()) as {
    status: string;
    paidAtIssue: string;
  };
  expect(invoice).toMatchObject({ status: 'paid', paidAtIssue: 'cash' });

  // The next customer starts from an empty form.
  await page.getByRole('button', { name: 'Nouvelle vente' }).click();
  await expect(page.getByLabel('Immatriculation')).toHaveValue('');
  // The same car again: the garage knows it, and its customer's name fills in.
  await page.getByLabel('Immatriculation').fill('QZ-482-QZ');
  await expect(page.getByText(/^Véhicule connu/)).toBeVisible();
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Passant');
});
