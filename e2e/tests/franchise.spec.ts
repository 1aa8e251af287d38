import { expect, test } from '@playwright/test';
import { vatNumberOf } from 'contracts';
import { Secret, TOTP } from 'otpauth';
import { loginAs, uniqueSiret } from './helpers';

test('le franchiseur crée un centre et son adresse ; son administrateur choisit son mot de passe depuis l’e-mail', async ({
  page,
}) => {
  // Two sign-ins, a creation form and an activation: longer than one page's test.
  test.setTimeout(60_000);
  await loginAs(page, 'franchiseur@demo.garage.fr');
  const infos = await (await page.request.get('/api/company/infos')).json();
  const franchiseId = (infos.companies as { franchiseId: number | null }[]).find((c) => c.franchiseId)?.franchiseId;
  expect(franchiseId).toBeTruthy();

  await page.goto(`/franchise/${franchiseId}/centers_list`);
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des centres de votre franchise' })).toBeVisible();
  await expect(page.getByText('Vitrage Express Lyon')).toBeVisible();
  await page.getByRole('link', { name: 'Ajouter un centre' }).click();
  await expect(page).toHaveURL(`/franchise/${franchiseId}/add_center`);

  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const siret = uniqueSiret();
  const email = `admin.${tag}@centre.test.garage.fr`;
  const password = 'Activer2026!';
  const centre = `Centre e2e ${tag}`;
  await page.getByLabel('Nom du centre', { exact: true }).fill(centre);
  await page.getByLabel('SIRET', { exact: true }).fill(siret);
  await page.getByLabel('N° de TVA', { exact: true }).fill(vatNumberOf(siret.slice(0, 9)));
  await page.getByLabel('Téléphone', { exact: true }).fill('0240000000');
  await page.getByLabel('Prénom', { exact: true }).fill('Lucie');
  await page.getByLabel('Nom', { exact: true }).fill('Bernard');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Adresse', { exact: true }).fill('12 rue de la Fosse');
  await page.getByLabel('Code postal', { exact: true }).fill('44000');
  await page.getByLabel('Ville', { exact: true }).fill('Nantes');
  // Nobody but the admin knows the password: the form asks none and says who chooses it.
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveCount(0);
  await expect(page.getByText('choisir lui-même son mot de passe', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Créer le centre' }).click();

  await expect(page.getByText('Le centre et son poseur administrateur ont été créés.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(`/franchise/${franchiseId}/centers_list`);
  await page.getByPlaceholder('Rechercher un centre').fill(centre);
  await expect(page.getByText(email)).toBeVisible();

  // The activation mail, read from the outbox (ENABLE_TEST_ROUTES=1).
  const mails = await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json();
  expect(mails[0].subject).toBe('Activez votre compte');
  const link = new URL(String(mails[0].body.match(/https?:\/\/\S+\/activate\/[A-Za-z0-9_-]+/)?.[0]));

  await page.request.post('/api/logout');
  await page.context().clearCookies();
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Activer mon compte' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(password);
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(page.getByText('Compte activé : vous pouvez vous connecter')).toBeVisible();

  // A new centre requires a second factor of its admin: the first sign-in configures it, with the key shown.
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Configurer la double authentification' })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await page.getByLabel('Code à 6 chiffres de l’application').fill(code);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible();

  // The centre's address is the seller's on its invoices: « Ma société » shows what the franchisor typed.
  const own = await (await page.request.get('/api/company/infos')).json();
  const profile = await (await page.request.get(`/api/company/${own.companies[0].id}/profile`)).json();
  expect(profile).toMatchObject({ name: centre, address: '12 rue de la Fosse', postalCode: '44000', city: 'Nantes' });
});
