import { expect, type Page, test } from '@playwright/test';
import { chooseOption, createTestFolder, loginAs } from './helpers';

/*
 * The insured's deductible from the folder's policy: typed once in the folder, it splits a new invoice to the insurer
 * into the insured's invoice and the insurer's, which are issued together and cite each other.
 */

const line = (page: Page, field: string, n: number) => page.getByLabel(`${field} de la ligne ${n}`, { exact: true });

test('la franchise du dossier : une nouvelle facture à l’assureur la facture à l’assuré à part, les deux émises ensemble', async ({
  page,
}) => {
  test.slow();
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createTestFolder(page, email);

  // The policy's deductible, typed in the folder.
  await page.goto(`/folder/show/${folder.id}`);
  await page.getByRole('button', { name: 'Modifier', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Modifier le dossier' });
  await drawer.getByLabel('Franchise (€ TTC)').fill('150');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Dossier enregistré')).toBeVisible();
  await expect(page.locator('.ant-descriptions-item', { hasText: 'Franchise' })).toContainText('150,00 €');

  // A new invoice to the insurer says beforehand what saving it does.
  await page.goto(`/quotation/new/invoice?folderId=${folder.id}`);
  await chooseOption(page.locator('form'), page, 'Facturer à', 'Assureur');
  await line(page, 'Libellé', 1).fill('Remplacement pare-brise');
  await line(page, 'Prix unitaire HT', 1).fill('500');
  await expect(
    page.getByText('Le contrat prévoit une franchise de 150,00 €, soit 150,00 € sur ce montant.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/quotation\/show\/\d+$/);
  const insurerId = Number(page.url().split('/').pop());

  // The insurer's invoice takes the deductible off and links the insured's.
  const linked = page.getByText(/^Franchise de l’assuré :/);
  await expect(linked).toContainText('150,00 €');
  await expect(
    page.getByText('« Émettre » émet aussi la facture de franchise de l’assuré : les deux factures se citent.'),
  ).toBeVisible();
  await expect(page.getByText('450,00 €').first()).toBeVisible();

  // Issued from the insurer's: no « réglée maintenant » (an insurer pays by transfer), the cession reason asked once.
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Émettre ce document ?' });
  await expect(confirm.getByRole('radio', { name: 'Espèces' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Émettre' }).click();
  const reason = page.getByRole('dialog', { name: 'Émettre sans cession de créance signée ?' });
  await reason.getByLabel(/^Motif/).fill('Cession signée sur papier, scan à venir');
  await reason.getByRole('button', { name: 'Émettre quand même' }).click();
  await expect(page.getByText('Document émis')).toBeVisible();

  const insurer = (await (await page.request.get(`/api/quotation/${insurerId}`)).json()) as {
    number: string;
    totalAmount: number;
    splitPartner: { id: number; number: string; status: string };
    insurerMentions: { deductible: { amount: number; invoiceNumber: string } };
  };
  expect(insurer.totalAmount).toBe(45_000);
  expect(insurer.splitPartner.status).toBe('issued');
  expect(insurer.insurerMentions.deductible).toEqual({ amount: 15_000, invoiceNumber: insurer.splitPartner.number });

  // The insured's invoice, from the link: issued with it, and it cites the insurer's.
  await linked.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/quotation/show/${insurer.splitPartner.id}$`));
  await expect(page.getByText(/^Part de l’assureur :/)).toContainText(insurer.number);
  await expect(page.getByText(/^Part de l’assureur :/)).toContainText('450,00 €');
});
