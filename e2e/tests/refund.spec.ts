import { expect, type Page, test } from '@playwright/test';
import { buyer, ownGarage, signIn } from './helpers';

/*
 * A garage that prices tax included: a credit note typed 20,00 TTC totals 20,00 € exactly, and when it comes after
 * the invoice was paid, the garage records the refund it owes the customer.
 */

const line = (page: Page, field: string, n: number) => page.getByLabel(`${field} de la ligne ${n}`, { exact: true });

test('un avoir saisi 20,00 TTC fait 20,00 € ; après paiement, le garage enregistre le remboursement qu’il doit', async ({
  page,
}) => {
  test.slow();
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      customer: buyer('Client remboursé'),
      taxInclusive: true,
      paymentTermDays: 0,
      lines: [{ title: 'Pare-brise', quantity: 1, preTaxAmount: '120,00', position: 1, taxRate: 20 }],
    },
  });
  const { id } = (await created.json()) as { id: number };
  const issued = (await (await page.request.post(`/api/quotation/${id}/issue`)).json()) as { number: string };
  const paid = await page.request.post('/api/paiement', { data: { invoiceId: id, amount: '120,00', type: 'card' } });
  expect(paid.status()).toBe(201);

  // The credit note, typed tax included: 20,00 TTC is what it totals, not 19,99.
  await page.goto(`/quotation/show/${id}`);
  await page.getByRole('button', { name: 'Créer un avoir' }).click();
  const dialog = page.getByRole('dialog', { name: `Avoir sur la facture ${issued.number}` });
  await dialog.getByLabel('Motif de l’avoir').fill('Geste commercial sur la pose');
  await dialog.getByRole('button', { name: 'Créer l’avoir' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/quotation/show/${id}$`));
  await line(page, 'Prix unitaire TTC', 1).fill('20,00');
  await expect(page.getByLabel('Totaux du document')).toContainText('-20,00');
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await page.getByRole('dialog', { name: 'Émettre ce document ?' }).getByRole('button', { name: 'Émettre' }).click();
  await expect(page.getByText('Document émis')).toBeVisible();
  const creditId = new URL(page.url()).pathname.split('/').pop();
  const credit = (await (await page.request.get(`/api/quotation/${creditId}`)).json()) as { totalAmount: number };
  expect(credit.totalAmount).toBe(-2_000);

  // The invoice was paid in full: the garage owes 20 € back, and records it.
  await page.goto(`/quotation/show/${id}`);
  await expect(page.getByText('À rembourser au client')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer un remboursement' }).click();
  const refund = page.getByRole('dialog', { name: `Remboursement sur la facture ${issued.number}` });
  await expect(refund.getByLabel('Montant remboursé (€)')).toHaveValue('20,00');
  await refund.getByText('Espèces', { exact: true }).click();
  await refund.getByRole('button', { name: 'Enregistrer le remboursement' }).click();
  await expect(page.getByText('Remboursement enregistré')).toBeVisible();
  await expect(page.getByText('À rembourser au client')).toHaveCount(0);
  const invoice = (await (await page.request.get(`/api/quotation/${id}`)).json()) as { paidAmount: number };
  expect(invoice.paidAmount).toBe(10_000);
});

test('un acompte sur un devis accepté, payé au comptoir, puis la facture finale qui le déduit', async ({ page }) => {
  test.slow();
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const created = await page.request.post('/api/quotation/new/quotation', {
    data: {
      customer: buyer('Client acompte'),
      taxInclusive: true,
      lines: [{ title: 'Pare-brise teinté', quantity: 1, preTaxAmount: '500,00', position: 1, taxRate: 20 }],
    },
  });
  const { id: quoteId } = (await created.json()) as { id: number };
  const quote = (await (await page.request.post(`/api/quotation/${quoteId}/issue`)).json()) as { number: string };

  // The deposit: 30 % of the quote, billed on its own invoice and paid by card at the desk.
  await page.goto(`/quotation/show/${quoteId}`);
  await page.getByRole('button', { name: 'Demander un acompte' }).click();
  const dialog = page.getByRole('dialog', { name: `Acompte sur le devis ${quote.number}` });
  await dialog.getByRole('button', { name: '30 %' }).click();
  await expect(dialog.getByLabel('Montant de l’acompte TTC (€)')).toHaveValue('150,00');
  await dialog.getByRole('button', { name: 'Créer la facture d’acompte' }).click();
  await expect(page.getByRole('heading', { name: 'Facture d’acompte (brouillon)' })).toBeVisible();
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Émettre ce document ?' });
  await confirm.getByRole('radio', { name: 'Carte', exact: true }).check();
  await confirm.getByRole('button', { name: 'Émettre' }).click();
  await expect(page.getByText('Facture émise acquittée : paiement enregistré')).toBeVisible();
  const depositNumber = ((await page.getByRole('heading', { name: /^Facture d’acompte F-/ }).textContent()) ?? '')
    .replace('Facture d’acompte ', '')
    .trim();

  // The final invoice from the quote takes the deposit off: 500 € less 150 €.
  await page.goto(`/quotation/show/${quoteId}`);
  await page.getByRole('button', { name: 'Transformer en facture' }).click();
  await page
    .getByRole('dialog', { name: 'Transformer en facture' })
    .getByRole('button', { name: 'Créer la facture' })
    .click();
  await expect(page).not.toHaveURL(new RegExp(`/quotation/show/${quoteId}$`));
  await expect(line(page, 'Libellé', 2)).toHaveValue(
    new RegExp(`^Acompte versé : facture d’acompte n° ${depositNumber}`),
  );
  await expect(page.getByLabel('Totaux du document')).toContainText('350,00');
});
