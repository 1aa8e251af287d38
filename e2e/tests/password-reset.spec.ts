import { expect, type Page, test } from '@playwright/test';
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_MAIL_SUBJECT,
  PASSWORD_RESET_REQUESTED,
  PASSWORD_RESET_USED,
} from 'contracts';
import { PASSWORD } from './accounts';
import { signIn } from './helpers';

const NEW_PASSWORD = 'Nouveau-Garage-2026!';

/** The reset link e-mailed to `email`, read from the outbox (written just after the answer: waited for). */
async function resetLinkOf(page: Page, email: string): Promise<string> {
  let path = '';
  await expect(async () => {
    const response = await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`);
    const mails = (await response.json()) as { subject: string; body: string }[];
    const body = mails.find((mail) => mail.subject === PASSWORD_RESET_MAIL_SUBJECT)?.body ?? '';
    const link = body.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, 'lien de réinitialisation dans l’outbox').toBeTruthy();
    path = new URL(String(link)).pathname;
  }).toPass({ timeout: 10_000 });
  return path;
}

test('mot de passe oublié : du lien de la connexion au nouveau mot de passe, l’ancien refusé', async ({ page }) => {
  // A user of the test's own: the demo accounts keep their password.
  const clone = await page.request.post('/api/test/clone-user', { data: { email: 'poseur.admin@demo.garage.fr' } });
  expect(clone.status()).toBe(201);
  const { email } = (await clone.json()) as { email: string };

  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  // From the keyboard: the address typed, Entrée sends it.
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Adresse e-mail').press('Enter');
  await expect(page.getByRole('status')).toHaveText(PASSWORD_RESET_REQUESTED);

  const link = await resetLinkOf(page, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
  await page.getByLabel('Confirmez le mot de passe').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText(PASSWORD_RESET_DONE)).toBeVisible();

  // One use: the link now says so and offers a new one.
  await page.goto(link);
  await expect(page.getByText(PASSWORD_RESET_USED)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );

  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toContainText('Identifiants invalides');

  await signIn(page, email, NEW_PASSWORD);
});
