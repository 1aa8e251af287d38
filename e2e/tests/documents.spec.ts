import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buyer, createTestFolder, loginAs } from './helpers';

/** The text of every page of a PDF, as a reader extracts it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}

const line = (page: Page, field: string, n: number) => page.getByLabel(`${field} de la ligne ${n}`, { exact: true });

test('un devis TTC de trois lignes, réordonné, devient une facture émise, payée en partie, dont le PDF porte le numéro et les totaux', async ({
  page,
}) => {
  test.slow();
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createTestFolder(page, email);
  await page.goto(`/folder/show/${folder.id}`);
  await expect(page.getByText('Aucun devis ni facture pour ce dossier')).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau devis' }).click();
  await expect(page).toHaveURL(new RegExp(`/quotation/new/quotation\\?folderId=${folder.id}$`));

  await page.getByRole('checkbox', { name: 'Saisis TTC' }).check();
  await line(page, 'Libellé', 1).fill('Pare-brise Clio V');
  await line(page, 'Prix unitaire TTC', 1).fill('450,00');
  await page.getByRole('button', { name: /Ajouter une ligne/ }).click();
  await line(page, 'Libellé', 2).fill('Pose pare-brise');
  await line(page, 'Quantité', 2).fill('1,5');
  await line(page, 'Prix unitaire TTC', 2).fill('78');
  await page.getByRole('button', { name: /Ajouter une ligne/ }).click();
  await line(page, 'Libellé', 3).fill('Kit colle');
  await line(page, 'Prix unitaire TTC', 3).fill('24,90');
  await line(page, 'Remise', 3).fill('10');
  // 450 + 1,5 × 78 + 24,90 × 0,9 = 589,41 TTC typed, owed to the cent: 589,41 / 1,2 = 491,18 HT, 98,23 TVA.
  const totals = page.getByLabel('Totaux du document');
  await expect(totals).toContainText('491,18');
  await expect(totals).toContainText('98,23');
  await expect(totals).toContainText('589,41');

  // Drag the third line onto the first: positions follow the visible order.
  await page
    .getByRole('button', { name: 'Déplacer la ligne 3 (Alt+Flèche haut ou bas)' })
    .dragTo(page.getByRole('row').filter({ has: line(page, 'Libellé', 1) }));
  await expect(line(page, 'Libellé', 1)).toHaveValue('Kit colle');
  await expect(line(page, 'Libellé', 2)).toHaveValue('Pare-brise Clio V');
  // And by keyboard: the pose goes up one.
  await page.getByRole('button', { name: 'Déplacer la ligne 3 (Alt+Flèche haut ou bas)' }).press('Alt+ArrowUp');
  await expect(line(page, 'Libellé', 2)).toHaveValue('Pose pare-brise');

  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page).toHaveURL(/\/quotation\/show\/\d+$/);
  await expect(page.getByText('Document enregistré')).toBeVisible();

  await page.getByRole('button', { name: 'Transformer en facture' }).click();
  const toInvoice = page.getByRole('dialog', { name: 'Transformer en facture' });
  await expect(toInvoice.getByText('MAIF')).toBeVisible();
  await toInvoice.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(page.getByRole('heading', { name: /Facture/ })).toBeVisible();

  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await page.getByRole('dialog', { name: 'Émettre ce document ?' }).getByRole('button', { name: 'Émettre' }).click();
  await expect(page.getByText('Document émis')).toBeVisible();
  const number = page.getByText(/^F-\d{4}-\d{5}$/).first();
  await expect(number).toBeVisible();
  const invoiceNumber = (await number.textContent()) ?? '';
  // Issued: read-only, the lines in the order chosen.
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toHaveCount(0);
  const rows = page.getByRole('table', { name: 'Lignes du document' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Kit colle');
  await expect(rows.nth(2)).toContainText('Pose pare-brise');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Télécharger le PDF/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const text = await pdfText(new Uint8Array(await readFile((await file.path()) ?? '')));
  expect(text).toContain(invoiceNumber);
  expect(text).toContain('491,18 €');
  expect(text).toContain('98,23 €');
  expect(text).toContain('589,41 €');

  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const payment = page.getByRole('dialog', { name: `Paiement de la facture ${invoiceNumber}` });
  await expect(payment.getByLabel('Montant (€)')).toHaveValue('589,41');
  await payment.getByLabel('Montant (€)').fill('200');
  await payment.getByText('Espèces', { exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Paiement enregistré')).toBeVisible();
  await expect(page.getByText('Payée en partie').first()).toBeVisible();
  await expect(page.getByText('389,41 €').first()).toBeVisible();

  // The folder's block lists the quote and its invoice.
  await page.goto(`/folder/show/${folder.id}`);
  await expect(page.getByRole('link', { name: invoiceNumber })).toBeVisible();
});

test('« Émettre » sur un brouillon modifié : un seul appel, qui enregistre ce qui est tapé et émet, un seul message', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createTestFolder(page, email);
  await page.goto(`/quotation/new/invoice?folderId=${folder.id}`);
  await line(page, 'Libellé', 1).fill('Pare-brise');
  await line(page, 'Prix unitaire HT', 1).fill('300');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page).toHaveURL(/\/quotation\/show\/\d+$/);
  const id = page.url().split('/').pop();
  // The save's own message goes first: the one message of the issue is then the only one on screen.
  await expect(page.getByText('Document enregistré')).toBeVisible();
  await expect(page.getByText('Document enregistré')).toBeHidden({ timeout: 15_000 });

  // Typed after the last save, not saved: « Émettre » must carry it.
  await line(page, 'Libellé', 1).fill('Pare-brise teinté');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(`/api/quotation/${id}`)) {
      calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await page.getByRole('dialog', { name: 'Émettre ce document ?' }).getByRole('button', { name: 'Émettre' }).click();
  await expect(page.getByText('Document émis')).toBeVisible();
  await expect(page.getByText(/^F-\d{4}-\d{5}$/).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lignes du document' })).toContainText('Pare-brise teinté');
  expect(calls).toEqual([`POST /api/quotation/${id}/issue`]);
  await expect(page.getByText('Document enregistré')).toHaveCount(0);
});

test('une facture émise ne se modifie plus : deux avoirs la créditent jusqu’à son total, un troisième est refusé, la facture affiche « Avoir total »', async ({
  page,
}) => {
  test.slow();
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      customer: buyer('Client avoir e2e'),
      lines: [{ title: 'Lunette arrière', quantity: 2, preTaxAmount: '100', position: 1, taxRate: 20 }],
    },
  });
  const { id } = (await created.json()) as { id: number };
  const { number } = (await (await page.request.post(`/api/quotation/${id}/issue`)).json()) as { number: string };
  const refused = await page.request.put(`/api/quotation/${id}`, {
    data: { customer: { name: 'Autre' }, lines: [] },
  });
  expect(refused.status()).toBe(409);

  /** "Créer un avoir" on the invoice, with its reason; the draft takes one of the two units off. */
  const creditOneUnit = async (reason: string) => {
    await page.goto(`/quotation/show/${id}`);
    await page.getByRole('button', { name: 'Créer un avoir' }).click();
    const dialog = page.getByRole('dialog', { name: `Avoir sur la facture ${number}` });
    // A click while the dialog is still opening can be lost on a loaded machine: click until the refusal shows.
    await expect(async () => {
      await dialog.getByRole('button', { name: 'Créer l’avoir' }).click();
      await expect(dialog.getByText('Le motif de l’avoir est obligatoire')).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await dialog.getByLabel('Motif de l’avoir').fill(reason);
    await dialog.getByRole('button', { name: 'Créer l’avoir' }).click();
    await expect(page.getByText('Avoir créé (brouillon)', { exact: false })).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`/quotation/show/${id}$`));
    await expect(line(page, 'Quantité', 1)).toHaveValue('-2');
    await expect(page.getByLabel('Totaux du document')).toContainText('-240,00');
    await line(page, 'Quantité', 1).fill('-1');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Document enregistré')).toBeVisible();
    return new URL(page.url()).pathname;
  };
  const issueHere = async (path: string) => {
    await page.goto(path);
    await page.getByRole('button', { name: 'Émettre', exact: true }).click();
    await page.getByRole('dialog', { name: 'Émettre ce document ?' }).getByRole('button', { name: 'Émettre' }).click();
  };

  const firstCredit = await creditOneUnit('Une lunette non posée');
  // A credit note is not paid by its buyer: no payment term, in the draft or once issued.
  await expect(page.getByLabel('Délai de paiement (jours)')).toHaveCount(0);
  await issueHere(firstCredit);
  await expect(page.getByText('Document émis')).toBeVisible();
  await expect(page.getByText('Une lunette non posée')).toBeVisible();
  await expect(page.getByText('Délai de paiement')).toHaveCount(0);
  await expect(page.getByText('Échéance', { exact: true })).toHaveCount(0);
  // Two more drafts for the last unit: the first issued takes it, the other is refused.
  const second = await creditOneUnit('Seconde lunette reprise');
  const third = await creditOneUnit('Doublon de saisie');
  await issueHere(second);
  await expect(page.getByText('Document émis')).toBeVisible();
  await issueHere(third);
  await expect(page.getByText('Cette facture est déjà entièrement couverte par ses avoirs')).toBeVisible();

  await page.goto(`/quotation/show/${id}`);
  await expect(page.getByText('Avoir total').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^AV-\d{4}-\d{5}$/ })).toHaveCount(2);
  await expect(page.getByText('Reste à payer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Créer un avoir' })).toHaveCount(0);
});

/** The `factur-x.xml` a Factur-X PDF carries, read with pdf.js as an accounting tool would. */
async function facturXml(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, verbosity: 0, isEvalSupported: false }).promise;
  const attachments = (await pdf.getAttachments()) as Record<string, { content: Uint8Array }> | null;
  await pdf.destroy();
  const xml = attachments?.['factur-x.xml'];
  if (!xml) throw new Error('no factur-x.xml in the PDF');
  return new TextDecoder().decode(xml.content);
}

test('une facture à l’assureur sans cession signée : le motif est demandé, écrit dans l’historique du dossier et sur la facture, sa Factur-X porte le n° de sinistre', async ({
  page,
}) => {
  test.slow();
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createTestFolder(page, email);
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      folderId: folder.id,
      billTo: 'insurer',
      lines: [{ title: 'Remplacement pare-brise', quantity: 1, preTaxAmount: '450,00', position: 1, taxRate: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/quotation/show/${id}`);
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await page.getByRole('dialog', { name: 'Émettre ce document ?' }).getByRole('button', { name: 'Émettre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Émettre sans cession de créance signée ?' });
  await expect(dialog).toContainText('Aucune cession de créance signée dans ce dossier');
  await dialog.getByLabel(/^Motif/).fill('ok');
  await dialog.getByRole('button', { name: 'Émettre quand même' }).click();
  await expect(dialog.getByText('Indiquez le motif (5 caractères au moins)')).toBeVisible();
  await dialog.getByLabel(/^Motif/).fill('Accord de l’assureur par téléphone');
  await dialog.getByRole('button', { name: 'Émettre quand même' }).click();
  await expect(page.getByText('Document émis')).toBeVisible();
  await expect(dialog).toBeHidden();
  const { number, insurerMentions } = (await (await page.request.get(`/api/quotation/${id}`)).json()) as {
    number: string;
    insurerMentions: { claimNumber: string };
  };
  expect(number).toMatch(/^F-/);

  // The PDF downloaded from the page is a Factur-X: the claim travels in its XML as the insurer's reference.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: /Télécharger le PDF/ }).click();
  const pdfFile = new Uint8Array(await readFile((await (await pdfDownload).path()) ?? ''));
  expect(await facturXml(pdfFile)).toContain(`<ram:BuyerReference>${insurerMentions.claimNumber}</ram:BuyerReference>`);
  // The same e-invoice in UBL, from the « Facture électronique » menu.
  await page.getByRole('button', { name: /Facture électronique/ }).click();
  const ublDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Facture électronique UBL (XML)' }).click();
  const ubl = await ublDownload;
  expect(ubl.suggestedFilename()).toBe(`${number}-ubl.xml`);
  expect(await readFile((await ubl.path()) ?? '', 'utf8')).toContain(
    `<cbc:BuyerReference>${insurerMentions.claimNumber}</cbc:BuyerReference>`,
  );

  const text = await pdfText(new Uint8Array(await (await page.request.get(`/api/quotation/${id}/pdf`)).body()));
  expect(text).toContain('Facture émise sans cession de créance signée. Motif : Accord de l’assureur par téléphone');
  expect(text).toContain('200 avenue Salvador Allende');

  await page.goto(`/folder/show/${folder.id}`);
  await expect(page.getByText(`Facture ${number} émise à l’assureur sans cession signée, motif :`)).toBeVisible();
  await expect(page.getByText('Accord de l’assureur par téléphone')).toBeVisible();
});
