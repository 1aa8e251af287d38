import { expect, type Locator, type Page, test } from '@playwright/test';
import { PASSWORD } from './accounts';
import { createTestFolder, loginAs } from './helpers';

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

test('à 1280 px la liste des dossiers garde ses colonnes clés à l’écran, les autres attendent dans « Colonnes » ; tabuler dans les filtres garde l’en-tête sur ses colonnes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/folder/list/all');
  const table = page.getByRole('main').locator('.ant-table-wrapper');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  for (const key of ['Dossier', 'Client', 'Immatriculation', 'Statut', 'Technicien', 'Rendez-vous']) {
    await expect(table.getByRole('columnheader', { name: key }).first()).toBeInViewport({ ratio: 1 });
  }
  await expect(table.getByRole('columnheader', { name: 'Créé le' })).toHaveCount(0);

  // Every column shown on a narrower screen: now the table scrolls inside its card, and its last filters are off
  // screen until Tab reaches them.
  await page.getByRole('button', { name: 'Choisir les colonnes affichées' }).click();
  for (const secondary of ['Assureur', 'Créé le']) await page.getByRole('menuitem', { name: secondary }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Créé le' }).first()).toBeAttached();
  await page.setViewportSize({ width: 800, height: 800 });
  const filters = table.locator('.ant-table-header input[aria-label^="Filtrer la colonne"]');
  const last = filters.last();
  await filters.first().focus();
  for (let presses = 0; presses < 30 && !(await last.evaluate((input) => input === document.activeElement)); presses++)
    await page.keyboard.press('Tab');
  await expect(last).toBeFocused();
  const offsets = () =>
    table.evaluate((wrapper) => ({
      header: wrapper.querySelector('.ant-table-header')?.scrollLeft ?? -1,
      body: wrapper.querySelector('.ant-table-body')?.scrollLeft ?? -2,
    }));
  await expect.poll(async () => (await offsets()).header).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const { header, body } = await offsets();
      return header - body;
    })
    .toBe(0);
});

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user walks a page. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('au clavier seul : connexion, Ctrl+K vers un dossier, un devis d’une ligne enregistré', async ({ page }) => {
  // A hundred-odd key presses, each waiting for the page: the longest walk of the suite.
  test.slow();
  // The account and its folder come from the test routes; everything a user does below is keys, no click.
  const cloned = await page.request.post('/api/test/clone-user', { data: { email: 'poseur.admin@demo.garage.fr' } });
  const { email } = (await cloned.json()) as { email: string };
  const lastName = `Clavier${Date.now().toString(36)}`;
  const folder = await createTestFolder(page, email, { lastName });

  await page.goto('/login');
  await tabTo(page, page.getByLabel('Adresse e-mail'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mot de passe')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible();

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('searchbox', { name: 'Rechercher un dossier' })).toBeFocused();
  await page.keyboard.type(lastName);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/folder/show/${folder.id}$`));

  await tabTo(page, page.getByRole('button', { name: 'Nouveau devis' }), 100);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/quotation/new/quotation\\?folderId=${folder.id}$`));

  await tabTo(page, page.getByLabel('Libellé de la ligne 1', { exact: true }), 60);
  await page.keyboard.type('Pose pare-brise');
  // On through the line's product search (its list opens on focus and must let Tab go) to the price.
  await tabTo(page, page.getByLabel('Prix unitaire HT de la ligne 1', { exact: true }), 10);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('120');
  await tabTo(page, page.getByRole('button', { name: 'Enregistrer', exact: true }), 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quotation\/show\/\d+$/);
  await expect(page.getByText('Document enregistré')).toBeVisible();
  await expect(page.getByLabel('Totaux du document')).toContainText('144,00');
});
