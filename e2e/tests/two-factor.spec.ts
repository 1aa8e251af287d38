import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD } from './accounts';
import { loginAs, openSession } from './helpers';

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** The key the page shows to type into an app, as it is read on screen (groups of four). */
const shownSecret = async (page: Page) =>
  ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');

/** Serious or critical accessibility findings inside `within`. */
async function seriousViolations(page: Page, within: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(within)
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('la double authentification : activée depuis Mon compte avec le code de la clé affichée, puis demandée après le mot de passe', async ({
  page,
}) => {
  // Two sign-ins and an enrolment (ten recovery codes hashed by the server).
  test.setTimeout(60_000);
  const email = await loginAs(page, 'poseur@demo.garage.fr');
  await page.getByRole('button', { name: 'Mon compte' }).click();
  await page.getByRole('dialog', { name: 'Mon compte' }).getByRole('link', { name: 'Double authentification' }).click();
  await expect(page).toHaveURL('/account/two-factor');
  await expect(page.getByRole('heading', { level: 1, name: 'Double authentification' })).toBeVisible();

  // The password is asked again first: a wrong one is refused on the page, which keeps the form.
  await page.getByLabel('Mot de passe actuel').fill('Pas-le-bon-2026');
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mot de passe incorrect' })).toBeVisible();
  await page.getByLabel('Mot de passe actuel').fill(PASSWORD);
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code à scanner avec votre application d’authentification' }),
  ).toBeVisible();
  const secret = await shownSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const field = page.getByLabel('Code à 6 chiffres de l’application');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  expect(await seriousViolations(page, 'main')).toEqual([]);
  // A wrong first code is refused, and the form stays.
  await field.fill(String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, '0'));
  await field.press('Enter');
  await expect(page.getByText('Code incorrect')).toBeVisible();
  await field.fill(codeFor(secret));
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  await expect(page.getByText('Double authentification activée')).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Télécharger (.txt)' })).toBeVisible();
  await page.getByRole('button', { name: 'J’ai conservé mes codes' }).click();
  await expect(page.getByText('Activée', { exact: true })).toBeVisible();
  await expect(page.getByText('Codes de secours restants : 10 sur 10.')).toBeVisible();

  // Signed out, the password alone no longer opens the session.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);
  const code = page.getByLabel('Code à 6 chiffres de l’application');
  await expect(code).toBeFocused();
  // The next period's code: the enrolment's was used already, and a code serves once (±30 s of drift allowed).
  await code.fill(codeFor(secret, 1));
  await code.press('Enter');
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible();
});

test('l’administrateur d’un garage choisit sur « Mes utilisateurs » les rôles qui doivent utiliser la double authentification', async ({
  page,
}) => {
  const created = await page.request.post('/api/test/garage', { data: { email: 'poseur.admin@demo.garage.fr' } });
  expect(created.status()).toBe(201);
  const garage = (await created.json()) as { email: string };
  await openSession(page, garage.email);
  await page.goto('/users');
  const policy = page.getByRole('region', { name: 'Double authentification obligatoire' });
  // The tests' garages start with none (the password alone), as the demo's.
  await expect(policy.getByText('Aucun rôle : le mot de passe suffit à tous.')).toBeVisible();
  // A click during the card's first render on a busy machine can be lost: tick until each box holds.
  await expect(async () => policy.getByLabel('Comptable').check({ timeout: 1_000 })).toPass();
  await expect(async () => policy.getByLabel('Poseur administrateur').check({ timeout: 1_000 })).toPass();
  await policy.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Rôles soumis à la double authentification enregistrés')).toBeVisible();
  await page.reload();
  await expect(policy.getByLabel('Comptable')).toBeChecked();
  await expect(policy.getByLabel('Poseur administrateur')).toBeChecked();
  await expect(policy.getByLabel('Poseur', { exact: true })).not.toBeChecked();
  // Its admin now configures a factor at the next sign-in.
  const next = await page.request.post('/api/login', { data: { email: garage.email, password: PASSWORD } });
  expect(((await next.json()) as { step: string }).step).toBe('enrol');
});
