import { expect, type Page, test } from '@playwright/test';
import { LOGO_REMOVED, LOGO_SAVED, LOGO_TYPE_REFUSED_MESSAGE } from 'contracts';
import { ownGarage, signIn } from './helpers';

/*
 * The garage's logo on /company/edit. A garage of the test's own (test-only route, no franchise): its logo is the
 * test's, whatever runs beside it, and the account drawer shows the garage's logo rather than a network's.
 */

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const logoCard = (page: Page) => page.locator('.ant-card', { has: page.getByText('Logo', { exact: true }) });

test('le logo envoyé sur /company/edit s’affiche, puis dans le menu du compte, et se retire', async ({ page }) => {
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  await page.goto('/company/edit');
  const card = logoCard(page);
  await expect(card.getByText('Aucun logo pour ce garage')).toBeVisible();

  await card.getByLabel('Image du logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await card.getByRole('button', { name: 'Envoyer le logo' }).click();
  await expect(page.getByText(LOGO_SAVED)).toBeVisible();
  const url = new RegExp(`^/api/company/${garage.companyId}/logo\\?v=\\d+$`);
  const logo = card.getByAltText('Logo du garage');
  await expect(logo).toHaveAttribute('src', url);
  // Really drawn (served with its type, under the page's content security policy), not a broken image.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // The account drawer reads the garage's logo when the page loads.
  await page.reload();
  await expect(logoCard(page).getByAltText('Logo du garage')).toHaveAttribute('src', url);
  await page.getByRole('button', { name: 'Mon compte' }).click();
  await expect(page.getByTestId('account-logo').locator('img')).toHaveAttribute('src', url);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Mon compte' })).toBeHidden();

  await logoCard(page).getByRole('button', { name: 'Retirer le logo' }).click();
  await page.getByRole('button', { name: 'Retirer', exact: true }).click();
  await expect(page.getByText(LOGO_REMOVED)).toBeVisible();
  await expect(logoCard(page).getByText('Aucun logo pour ce garage')).toBeVisible();
  expect((await page.request.get(`/api/company/${garage.companyId}/logo`)).status()).toBe(404);
});

test('un faux PNG est refusé en français et le garage reste sans logo', async ({ page }) => {
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  await page.goto('/company/edit');
  const card = logoCard(page);
  await expect(card.getByText('Aucun logo pour ce garage')).toBeVisible();
  await card.getByLabel('Image du logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg onload="alert(1)">pas une image</svg>'),
  });
  await card.getByRole('button', { name: 'Envoyer le logo' }).click();
  await expect(page.getByText(LOGO_TYPE_REFUSED_MESSAGE)).toBeVisible();
  await expect(card.getByText('Aucun logo pour ce garage')).toBeVisible();
  await expect(card.getByAltText('Logo du garage')).toHaveCount(0);
});
