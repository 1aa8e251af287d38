import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

test('un seul « main », un lien d’évitement au premier Tab, et « Nouveau client » en quelques touches', async ({
  page,
}) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/folder/list/all');
  await expect(page.getByRole('heading', { name: 'Gestion clients' })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);

  // From the top of the document, as after a page load.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // From the content, the page's first action is the next stops away, not behind the menu's.
  let presses = 0;
  const newClient = page.getByRole('main').getByRole('link', { name: 'Nouveau client' });
  while (!(await newClient.evaluate((element) => element === document.activeElement)) && presses < 5) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  await expect(newClient).toBeFocused();
});

test('une nouvelle page s’ouvre en haut, même si la précédente était descendue', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/folder/list/all');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await rows.last().click();
  await expect(page).toHaveURL(/\/folder\/show\/\d+$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
