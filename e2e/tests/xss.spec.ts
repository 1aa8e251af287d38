import { expect, type Page, test } from '@playwright/test';
import { buyer, createTestFolder, ownGarage, signIn } from './helpers';
import { XSS_PAYLOADS } from './xss-payloads';

/*
 * Hostile input in the browser: the 104 payloads of xss-payloads.ts written through the product's own calls
 * into every free-text field a page shows (customers' names, comments, relances and anomalies, quote customers and
 * lines, products and their descriptions, suppliers), then each page that shows them is opened: no script may run.
 * A payload that ran would open a dialog (alert) or set `window.__xss`; both are watched. Each test has a garage of
 * its own, so the four run in parallel without touching the demo or each other.
 */

test.describe.configure({ mode: 'parallel' });
// Each test writes a hundred records or more before it looks: longer than a usual browser test.
test.setTimeout(120_000);

/** Runs `write` for each payload, eight at a time (the server's pace, not one round trip after another). */
async function forEachPayload<T>(write: (payload: string, index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < XSS_PAYLOADS.length; start += 8) {
    const batch = XSS_PAYLOADS.slice(start, start + 8);
    results.push(...(await Promise.all(batch.map((payload, offset) => write(payload, start + offset)))));
  }
  return results;
}

/** Dialogs opened by the page, and the marker payloads set: both must stay empty on every page visited. */
async function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()} (${page.url()})`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    Object.assign(window, { __xss: 0 });
  });
  /** Checks the page now (the marker is reset by each full load: check before leaving a page). */
  return async (where: string) => {
    // Handlers that need an event (focus, load of an image, an animation) have had time to fire.
    await page.waitForTimeout(300);
    expect(dialogs, where).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss ?? 0), where).toBe(0);
  };
}

/** Opens a list page and shows 100 rows of its server table (antd's size changer, in French). */
async function openHundredRows(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main .ant-table-row').first()).toBeVisible();
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-item-option[title="100 / page"]').click();
  await expect(page.locator('main .ant-table-row')).toHaveCount(100);
}

/** The payload is on the page as text, as typed: escaped, not dropped. */
const showsAsText = (page: Page, payload: string | undefined) =>
  expect(
    page
      .locator('main')
      .getByText(payload as string)
      .first(),
  ).toBeVisible();

async function post(page: Page, url: string, data: unknown, status = 201) {
  const answer = await page.request.post(url, { data });
  expect(answer.status(), `${url}: ${await answer.text()}`).toBe(status);
  return answer.json();
}

test('les noms de client hostiles : liste des dossiers, dossier, recherche Ctrl+K, page du client', async ({
  page,
}) => {
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const check = await watchForScripts(page);
  const folders = await forEachPayload((payload, index) =>
    createTestFolder(page, garage.email, { lastName: payload, firstName: `Client ${index + 1}` }),
  );

  await openHundredRows(page, '/folder/list/all');
  await showsAsText(page, XSS_PAYLOADS[0]);
  await check('liste des dossiers, page 1');
  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page.locator('main .ant-table-row')).toHaveCount(XSS_PAYLOADS.length - 100);
  await check('liste des dossiers, page 2');

  await page.goto(`/folder/show/${folders[1]?.id}`);
  await showsAsText(page, XSS_PAYLOADS[1]);
  await check('page du dossier');

  await page.keyboard.press('Control+k');
  const box = page.getByRole('searchbox', { name: 'Rechercher un dossier' });
  await box.fill('onerror');
  await expect(page.getByRole('option').first()).toBeVisible();
  await check('recherche Ctrl+K');
  // The highlighted folder's customer page (Maj+Entrée): the name as its title.
  await box.press('Shift+Enter');
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('onerror');
  await check('page du client');
});

test('les commentaires, relances et anomalies hostiles : historique du dossier', async ({ page }) => {
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const check = await watchForScripts(page);
  const folder = await createTestFolder(page, garage.email, { lastName: 'Historique' });
  const kinds = ['comment', 'relance', 'anomaly'] as const;
  // Each with a line of text around it: a note that is nothing but markup is refused as empty (its own test).
  await forEachPayload((payload, index) =>
    post(page, `/api/comment/add/${folder.id}`, {
      kind: kinds[index % kinds.length],
      content: `<p>Note ${index + 1}</p>${payload}<p>fin</p>`,
    }),
  );

  await page.goto(`/folder/show/${folder.id}`);
  await expect(page.getByText('Historique', { exact: true }).first()).toBeVisible();
  await expect(page.locator('main').getByText(`Note ${XSS_PAYLOADS.length}`, { exact: true })).toBeVisible();
  await check('historique du dossier');
});

test('les devis hostiles : client et lignes, liste et page du devis', async ({ page }) => {
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const check = await watchForScripts(page);
  await forEachPayload((payload) =>
    post(page, '/api/quotation/new/quotation', {
      customer: buyer(payload),
      lines: [{ title: payload, quantity: 1, preTaxAmount: '10,00', position: 1 }],
    }),
  );
  const { id } = await post(page, '/api/quotation/new/quotation', {
    customer: buyer(XSS_PAYLOADS[2] as string),
    deliveryAddress: XSS_PAYLOADS[3],
    lines: XSS_PAYLOADS.map((payload, index) => ({
      title: payload,
      quantity: 1,
      preTaxAmount: '1,00',
      position: index + 1,
    })),
  });

  await openHundredRows(page, '/quotation/list/quotation');
  await check('liste des devis');

  await page.goto(`/quotation/show/${id}`);
  // A hundred and four lines to draw: longer than a usual quote.
  await expect(page.locator('main').getByText('Total HT').first()).toBeVisible({ timeout: 30_000 });
  await check('page du devis');
});

test('les produits et fournisseurs hostiles : leurs listes', async ({ page }) => {
  const garage = await ownGarage(page);
  await signIn(page, garage.email);
  const check = await watchForScripts(page);
  await forEachPayload(async (payload) => {
    await post(page, '/api/product', { name: payload, description: payload, price: '12,50' });
    await post(page, '/api/supplier', { name: payload, contactName: payload, city: payload });
  });

  await openHundredRows(page, '/product/list');
  await showsAsText(page, XSS_PAYLOADS[4]);
  await check('liste des produits');

  await page.goto('/company/supplier-list');
  await expect(page.locator('main .ant-table-row').first()).toBeVisible();
  await check('liste des fournisseurs');
});

test('le guet voit un script qui s’exécute (alerte ou marqueur)', async ({ page }) => {
  for (const payload of [XSS_PAYLOADS[2], XSS_PAYLOADS[3]] as string[]) {
    const check = await watchForScripts(page);
    // A blank page without the product's content security policy (which would stop the handler on its own),
    // the payload put in as markup: what the product must never do with what a user typed.
    await page.setContent('<p>piège</p>');
    await page.evaluate((html) => {
      Object.assign(window, { __xss: 0 });
      document.body.innerHTML = html;
    }, payload);
    await expect(check('page piégée')).rejects.toThrow();
  }
});
