import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers';

const content = (page: Page) => page.getByTestId('docs-protected').locator('article');
const toc = (page: Page) => page.getByRole('navigation', { name: 'Table des matières' });

/** Dispatches `type` on the page content and tells whether the page let it through. */
const allowed = (page: Page, type: string) =>
  content(page).evaluate(
    (element, eventType) => element.dispatchEvent(new Event(eventType, { bubbles: true, cancelable: true })),
    type,
  );

test('la recherche part au-delà de 2 caractères, garde les parents et surligne le texte tapé', async ({ page }) => {
  await loginAs(page, 'poseur@demo.garage.fr');
  await page.goto('/docs');
  await expect(page.getByText('Sélectionnez une page dans le sommaire à gauche.')).toBeVisible();
  const topLevel = toc(page).locator(':scope > ul > li');
  await expect(topLevel).toHaveCount(6);

  const search = page.getByPlaceholder('Rechercher...');
  await search.fill('fr');
  await expect(topLevel).toHaveCount(6);
  // In the content of one page only: its parent stays, the rest of the tree goes.
  await search.fill('SÉCHAGE');
  await expect(topLevel).toHaveCount(1);
  await expect(topLevel.first()).toContainText('5. Prise de rendez-vous');
  await toc(page).getByRole('button', { name: '5.2 Délais et immobilisation' }).click();
  await expect(page).toHaveURL(/\/docs\/\d+$/);
  await expect(content(page).getByRole('heading', { name: '5.2 Délais et immobilisation' })).toBeVisible();
  await expect(content(page).locator('mark')).toHaveText(['séchage']);
  await search.fill('');
  await expect(topLevel).toHaveCount(6);
  await expect(content(page).locator('mark')).toHaveCount(0);
});

test('copier, couper, coller, menu contextuel, glisser et sélectionner sont bloqués ; le filigrane nomme le lecteur', async ({
  page,
}) => {
  const email = await loginAs(page, 'poseur@demo.garage.fr');
  await page.goto('/docs');
  await toc(page).getByRole('button', { name: '4. Cession de créance' }).click();
  await expect(content(page).getByRole('heading', { name: '4. Cession de créance' })).toBeVisible();
  for (const type of ['copy', 'cut', 'paste', 'contextmenu', 'dragstart', 'selectstart']) {
    expect(await allowed(page, type), type).toBe(false);
  }
  await expect(page.getByTestId('docs-protected')).toHaveCSS('user-select', 'none');
  await expect(page.getByTestId('docs-watermark')).toHaveAttribute(
    'data-text',
    new RegExp(`^${email.replace(/[.+]/g, '\\$&')} · `),
  );
});

test('imprimer affiche « Printing is disabled for this page. » et la page imprimée est vide', async ({ page }) => {
  await loginAs(page, 'poseur@demo.garage.fr');
  await page.goto('/docs');
  await toc(page).getByRole('button', { name: '5. Prise de rendez-vous' }).click();
  await expect(content(page).getByRole('heading', { name: '5. Prise de rendez-vous' })).toBeVisible();
  await page.keyboard.press('Control+p');
  await expect(page.locator('.ant-message').getByText('Printing is disabled for this page.')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('docs-protected')).toBeHidden();
  await expect(page.locator('.docs-print-notice')).toBeVisible();
});

test('une touche de capture affiche « Screenshots are not allowed. » et floute la page une seconde', async ({
  page,
}) => {
  await loginAs(page, 'poseur@demo.garage.fr');
  await page.goto('/docs');
  const area = page.getByTestId('docs-protected');
  await expect(area).toHaveAttribute('data-blurred', 'false');
  // The blur lasts one second: the page itself notes the filter the moment it starts (a loaded machine may take
  // longer than that between two checks from here).
  await area.evaluate((element) => {
    new MutationObserver(() => {
      if (element.getAttribute('data-blurred') === 'true')
        element.dataset.filterSeen = getComputedStyle(element).filter;
    }).observe(element, { attributes: true, attributeFilter: ['data-blurred'] });
  });
  await page.keyboard.press('PrintScreen');
  await expect(page.locator('.ant-message').getByText('Screenshots are not allowed.')).toBeVisible();
  await expect(area).toHaveAttribute('data-filter-seen', /blur/);
  await expect(area).toHaveAttribute('data-blurred', 'false', { timeout: 3000 });
});

test('un garage d’un autre réseau ne voit aucune de ces pages, ni à l’écran ni par l’API', async ({
  page,
  browser,
}) => {
  const franchiseContext = await browser.newContext();
  let franchisePage: number;
  try {
    const franchise = await franchiseContext.newPage();
    await loginAs(franchise, 'poseur@demo.garage.fr');
    franchisePage = (await (await franchise.request.get('/api/docs/tree')).json())[0].id;
  } finally {
    await franchiseContext.close();
  }

  await loginAs(page, 'comptable@demo.garage.fr');
  await page.goto('/docs');
  await expect(toc(page).getByRole('button', { name: 'Procédure atelier' })).toBeVisible();
  await expect(page.getByText('1. Accueil de l’appel')).toHaveCount(0);
  const tree = JSON.stringify(await (await page.request.get('/api/docs/tree')).json());
  expect(tree).not.toContain('Cession de créance');
  expect((await page.request.get(`/api/docs/pages/${franchisePage}`)).status()).toBe(404);
  await page.goto(`/docs/${franchisePage}`);
  await expect(content(page)).toHaveCount(0);
  await expect(page.getByText('Page introuvable')).toBeVisible();
});

test('le franchiseur modifie une page, puis restaure la version précédente', async ({ page }) => {
  await loginAs(page, 'franchiseur@demo.garage.fr');
  await page.goto('/docs');
  await page.getByRole('button', { name: 'Nouvelle page' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nouvelle page' });
  const title = `Page d’essai ${Date.now().toString(36)}`;
  await drawer.getByLabel('Titre').fill(title);
  const editor = drawer.getByRole('textbox', { name: 'Contenu de la page' });
  await editor.click();
  await editor.pressSequentially('Première rédaction');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(content(page).getByRole('heading', { name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Modifier la page' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier la page' });
  await edit.getByLabel('Titre').fill(`${title} (v2)`);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(content(page).getByRole('heading', { name: `${title} (v2)` })).toBeVisible();
  await expect(content(page)).toContainText('Version 2');

  await page.getByRole('button', { name: 'Modifier la page' }).click();
  const versions = page.getByRole('dialog', { name: 'Modifier la page' });
  await versions.getByRole('tab', { name: 'Versions' }).click();
  await expect(versions.getByTestId('doc-version')).toHaveCount(2);
  await versions
    .getByTestId('doc-version')
    .filter({ hasText: 'Version 1' })
    .getByRole('button', { name: 'Restaurer' })
    .click();
  await page
    .getByRole('dialog', { name: 'Restaurer la version 1 ?' })
    .getByRole('button', { name: 'Restaurer' })
    .click();
  await expect(content(page).getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(content(page)).toContainText('Version 3');
});
