import { expect, test } from '@playwright/test';
import { chooseOption, loginAs, selectOf, signIn } from './helpers';

/*
 * "My garage". Tests run in parallel on shared demo garages: the hourly rate is written back to
 * what it was, and the fitter's name is unique to this run.
 */

test('le taux horaire modifié sur /company/edit reste après un rechargement', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/company/edit');
  const rate = page.getByLabel('Taux horaire HT (€)');
  await expect(rate).toBeVisible();
  const before = await rate.inputValue();
  const wanted = before === '61,25' ? '62,75' : '61,25';
  try {
    await rate.fill(wanted);
    await page.getByRole('button', { name: 'Enregistrer le taux horaire' }).click();
    await expect(page.getByText('Taux horaire enregistré')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Taux horaire HT (€)')).toHaveValue(wanted);
  } finally {
    if (before) {
      const infos = await page.request.get('/api/company/infos');
      const { company } = (await infos.json()) as { company: { id: number } };
      await page.request.post(`/api/company/${company.id}/fees`, { data: { hourlyRate: before } });
    }
  }
});

test('un poseur créé sur /technician/new/0 se retrouve dans la liste', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const name = `Poseur E2E ${Date.now().toString(36)}`;
  await page.goto('/technician/list');
  await page.getByRole('button', { name: 'Ajouter un poseur' }).click();
  await expect(page).toHaveURL(/\/technician\/new\/0$/);
  // The list stays on screen while the form's code loads: its column filters carry "Nom" too.
  await expect(page.getByRole('heading', { name: 'Nouveau poseur' })).toBeVisible();
  await page.getByLabel('Nom', { exact: true }).fill(name);
  await page.getByLabel('Téléphone').fill('0612345678');
  await page.getByLabel('Compétences').click();
  await page.getByTitle('Calibrage ADAS').click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Poseur enregistré')).toBeVisible();
  await expect(page).toHaveURL(/\/technician\/list$/);
  await page.getByPlaceholder('Rechercher un poseur').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Calibrage ADAS')).toBeVisible();
});

test('la TVA par défaut du garage est celle des nouvelles lignes de devis', async ({ page }) => {
  // A garage of the test's own: its default rate touches nobody else's quotes.
  const response = await page.request.post('/api/test/garage', { data: { email: 'poseur.admin@demo.garage.fr' } });
  expect(response.status()).toBe(201);
  const garage = (await response.json()) as { email: string };
  await signIn(page, garage.email);
  await page.goto('/company/edit');
  await expect(selectOf(page.locator('body'), 'TVA par défaut')).toBeVisible();
  await chooseOption(page.locator('body'), page, 'TVA par défaut', '10 %');
  await page.getByRole('button', { name: 'Enregistrer la TVA' }).click();
  await expect(page.getByText('TVA par défaut enregistrée')).toBeVisible();

  await page.goto('/quotation/new/quotation');
  await expect(selectOf(page.locator('body'), 'TVA de la ligne 1')).toContainText('10 %');
});

test('une invitation : l’admin invite, la personne accepte depuis l’e-mail en choisissant son mot de passe, puis se connecte', async ({
  page,
}) => {
  // Two sign-ins, an invitation and a new account (its password hashed): longer than one page's test.
  test.setTimeout(60_000);
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  const email = `invite.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@exemple.fr`;
  await page.goto('/users');
  await page.getByRole('button', { name: 'Inviter un utilisateur' }).click();
  const drawer = page.getByRole('dialog', { name: 'Inviter un utilisateur' });
  await drawer.getByLabel('Prénom').fill('Inès');
  await drawer.getByLabel('Nom', { exact: true }).fill('Moreau');
  await drawer.getByLabel('E-mail').fill(email);
  // A click while the drawer is still sliding in can land before the checkbox listens: tick until it holds.
  await expect(async () => drawer.getByLabel('CMD').check({ timeout: 1_000 })).toPass();
  await drawer.getByRole('button', { name: 'Inviter' }).click();
  await expect(page.getByText('Invitation envoyée', { exact: false })).toBeVisible();

  // Nobody joined yet: the address waits under "Invitations en attente".
  const pending = page.getByRole('region', { name: 'Invitations en attente' });
  await pending.getByPlaceholder('Rechercher une invitation').fill(email);
  await expect(pending.getByRole('row', { name: new RegExp(email) })).toBeVisible();

  const mails = await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json();
  expect(mails[0].subject).toBe('Invitation à rejoindre un garage');
  const link = new URL(String(mails[0].body.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/)?.[0]));

  // The admin signs out; the invitee opens the link in the same browser.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Rejoindre un garage' })).toBeVisible();
  await expect(page.getByText('Vitrage Express Lyon')).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill('Bienvenue2026');
  await page.getByLabel('Confirmez le mot de passe').fill('Bienvenue2027');
  await page.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await page.getByLabel('Confirmez le mot de passe').fill('Bienvenue2026');
  await page.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await expect(page.getByText('Invitation acceptée : vous pouvez vous connecter')).toBeVisible();

  await signIn(page, email, 'Bienvenue2026');
});
