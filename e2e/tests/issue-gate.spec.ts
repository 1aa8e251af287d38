import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

/*
 * A form says what the next step will require: the buyer's address is marked as what issuing an invoice asks, a
 * refused issue marks the fields it names (not only a passing message), and a draft quote about to be mailed is
 * proposed to be issued first.
 */
const LINE = { title: 'Remplacement pare-brise', quantity: 1, preTaxAmount: '100,00', position: 1, taxRate: 20 };

test('une facture sans adresse d’acheteur : les champs à remplir sont marqués, puis elle s’émet une fois remplis', async ({
  page,
}) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: { customer: { name: `Client sans adresse ${Date.now().toString(36)}` }, lines: [LINE] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/quotation/show/${id}`);
  const address = page.getByLabel('Adresse', { exact: true });
  await expect(address).toBeVisible();
  // Marked before any refusal, with why.
  await expect(page.locator('label.ant-form-item-required', { hasText: 'Adresse' })).toBeVisible();

  await page.getByRole('button', { name: 'Émettre' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Émettre' }).click();
  await expect(
    page.getByText('L’adresse est obligatoire pour émettre ce document (CGI art. 242 nonies A)'),
  ).toBeVisible();
  await expect(page.getByText('La ville est obligatoire pour émettre ce document')).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toBeFocused();
  expect(((await (await page.request.get(`/api/quotation/${id}`)).json()) as { status: string }).status).toBe('draft');

  await address.fill('3 place Bellecour');
  await page.getByLabel('Code postal').fill('69002');
  await page.getByLabel('Ville', { exact: true }).fill('Lyon');
  await expect(
    page.getByText('L’adresse est obligatoire pour émettre ce document (CGI art. 242 nonies A)'),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Émettre' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Émettre' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Facture F-/ })).toBeVisible();
});

test('« Envoyer par e-mail » sur un devis brouillon propose de l’émettre d’abord, et l’envoie numéroté', async ({
  page,
}) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const created = await page.request.post('/api/quotation/new/quotation', {
    data: { customer: { name: `Client devis ${Date.now().toString(36)}`, email: 'devis@example.fr' }, lines: [LINE] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/quotation/show/${id}`);
  await page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
  const question = page.getByRole('dialog', { name: 'Émettre le devis avant de l’envoyer ?' });
  await expect(question).toContainText('le client recevrait un « Devis (brouillon) » sans numéro');
  await question.getByRole('button', { name: 'Émettre et envoyer' }).click();
  const numberOf = async () =>
    ((await (await page.request.get(`/api/quotation/${id}`)).json()) as { number: string | null }).number;
  await expect.poll(numberOf).toMatch(/^D/);
  const issued = await numberOf();
  const mail = page.getByRole('dialog', { name: `Envoyer ${issued} par e-mail` });
  await expect(mail.getByText(`${issued}.pdf, le document tel qu’émis`)).toBeVisible();
});
