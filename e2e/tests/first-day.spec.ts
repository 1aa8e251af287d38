import { expect, test } from '@playwright/test';
import { vatNumberOf } from 'contracts';
import { buyer, chooseOption, createTestFolder, openSession, ownGarage, uniqueSiret } from './helpers';

// A valid French IBAN (ISO 13616 check digits), as the bank gives it.
const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

test('un garage tout neuf : « Mise en route » dit ce qui manque, l’émission est refusée avec la raison, puis la première facture part', async ({
  page,
}) => {
  const garage = await ownGarage(page, { bare: true });
  await openSession(page, garage.email);
  const folder = await createTestFolder(page, garage.email);
  const created = await page.request.post('/api/quotation/new/invoice', {
    data: {
      folderId: folder.id,
      customer: buyer('Premier client'),
      lines: [{ title: 'Remplacement pare-brise', quantity: 1, preTaxAmount: '300,00', position: 1, taxRate: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // Issuing waits for the legal identity, and says precisely what is missing.
  const refused = await page.request.post(`/api/quotation/${id}/issue`);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toContain('dans « Ma société » : l’adresse complète');

  await page.goto('/company/setup');
  await expect(
    page.getByText('Le garage ne peut pas encore émettre de facture : complétez son identité légale.'),
  ).toBeVisible();
  const identity = page.getByRole('listitem').filter({ hasText: 'Identité légale du garage' });
  await expect(identity).toContainText('Manque : l’adresse complète du garage, un SIRET valide');
  await identity.getByRole('link', { name: 'Compléter' }).click();
  await expect(page).toHaveURL('/company');

  const siret = uniqueSiret();
  await chooseOption(page.locator('main'), page, 'Forme juridique', 'SAS');
  await page.getByLabel('Capital social (€)').fill('5 000');
  await page.getByLabel('SIRET').fill(siret);
  await page.getByLabel('N° de TVA intracommunautaire').fill(vatNumberOf(siret.slice(0, 9)));
  await chooseOption(
    page.locator('main'),
    page,
    'Immatriculation',
    'RCS — registre du commerce (ville du greffe)',
    'RCS',
  );
  await page.getByLabel('Ville du greffe ou département').fill('Lyon');
  await page.getByLabel('Adresse', { exact: true }).fill('12 rue du Premier Jour');
  await page.getByLabel('Code postal').fill('69003');
  await page.getByLabel('Ville', { exact: true }).fill('Lyon');
  await page.getByLabel('IBAN').fill(IBAN);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Informations de la société enregistrées')).toBeVisible();

  await page.goto('/company/setup');
  await expect(page.getByText(/Le garage peut émettre ses factures/)).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Coordonnées bancaires' }).getByLabel('Fait'),
  ).toBeVisible();

  // Its own mail server, from the checklist.
  const mail = page.getByRole('listitem').filter({ hasText: 'Envoi des e-mails' });
  await mail.getByRole('link', { name: 'Compléter' }).click();
  await expect(page).toHaveURL('/company/sending');
  const smtp = page.locator('.ant-card').filter({ hasText: 'E-mails : serveur d’envoi (SMTP)' });
  await smtp.getByLabel('Serveur').fill('smtp.garage-neuf.fr');
  await smtp.getByLabel('Adresse d’expéditeur').fill('atelier@garage-neuf.fr');
  await expect(smtp.getByText(/le domaine garage-neuf\.fr doit autoriser ce serveur/)).toBeVisible();
  await smtp.getByRole('button', { name: 'Enregistrer le serveur' }).click();
  await expect(smtp.getByTestId('sender-source')).toHaveText('Utilisé : Réglage du garage');
  await page.goto('/company/setup');
  await expect(page.getByRole('listitem').filter({ hasText: 'Envoi des e-mails' }).getByLabel('Fait')).toBeVisible();

  // The first invoice.
  await page.goto(`/quotation/show/${id}`);
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Émettre ce document ?' });
  await confirm.getByRole('button', { name: 'Émettre' }).click();
  await expect(page.getByText('Document émis')).toBeVisible();
  const issued = (await (await page.request.get(`/api/quotation/${id}`)).json()) as { number: string | null };
  expect(issued.number).toMatch(/^F-\d{4}-\d{5}$/);
});
