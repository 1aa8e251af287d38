import { expect, test } from '@playwright/test';
import { buyer, createTestFolder, loginAs } from './helpers';

test('une facture émise part par e-mail : le texte du garage prérempli, le PDF joint, l’envoi suivi sur la facture', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur.admin@demo.garage.fr');
  const folder = await createTestFolder(page, email);
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      folderId: folder.id,
      customer: buyer(`Client mail ${Date.now().toString(36)}`),
      lines: [{ title: 'Remplacement pare-brise', quantity: 1, preTaxAmount: '100,00', position: 1, taxRate: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.post(`/api/quotation/${id}/issue`)).status()).toBe(200);
  const { number } = (await (await page.request.get(`/api/quotation/${id}`)).json()) as { number: string };

  await page.goto(`/quotation/show/${id}`);
  await page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: `Envoyer ${number} par e-mail` });
  await expect(dialog.getByLabel('Objet')).toHaveValue(new RegExp(number));
  await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(number));
  await expect(dialog.getByText(`${number}.pdf, le document tel qu’émis`)).toBeVisible();

  // A wrong address is refused in French and nothing leaves.
  await dialog.getByLabel('Destinataire').fill('client@');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(dialog.getByText('Adresse e-mail du destinataire invalide')).toBeVisible();
  expect((await (await page.request.get(`/api/quotation/${id}/mails`)).json()).data).toEqual([]);

  await dialog.getByLabel('Destinataire').fill('client.mail@example.fr');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('E-mail mis en file d’envoi, PDF joint')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The demo start sends through its own sink: the invoice says « Envoyé » once the server took the mail.
  const sendings = page.getByRole('region', { name: 'Envois par e-mail' }).or(page.getByLabel('Envois par e-mail'));
  await expect(sendings.getByTestId('document-mail')).toHaveCount(1);
  await expect(sendings.getByTestId('document-mail')).toContainText('à client.mail@example.fr');
  await expect(sendings.getByTestId('document-mail')).toContainText('Envoyé', { timeout: 20_000 });

  // « Messages envoyés (démo) »: the mail as it left, the invoice's PDF attached.
  await page.goto('/company/sending');
  await page.getByRole('link', { name: 'Messages envoyés (démo)' }).click();
  await expect(page).toHaveURL('/demo/messages');
  const message = page.getByTestId('demo-message').filter({ hasText: 'client.mail@example.fr' });
  await expect(message).toHaveCount(1);
  await expect(message).toContainText(number);
  const attachment = message.getByRole('link', { name: new RegExp(`${number}\\.pdf`) });
  const pdf = await page.request.get((await attachment.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
