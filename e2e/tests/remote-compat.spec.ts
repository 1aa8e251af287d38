import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { COMPAT_URL } from '../playwright.config';
import { loginAs } from './helpers';

// mf_billing and mf_docs deployed alone, built from a "later commit" than the shell (fixtures/README.md).
test.use({ baseURL: COMPAT_URL });

const BILLING_NEXT = 'http://127.0.0.1:3198';
const DOCS_INCOMPATIBLE = 'http://127.0.0.1:3197';

test('un remote livré seul qui utilise un export de contracts, un composant shared-ui et des composants antd inconnus de l’application fonctionne', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const served = await (await page.request.get('/remotes.json')).json();
  expect(served.mf_billing).toEqual({ entry: `${BILLING_NEXT}/remoteEntry.js` });

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fromBillingNext: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(BILLING_NEXT)) fromBillingNext.push(new URL(request.url()).pathname);
  });

  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/quotation/list/quotation');
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();
  await expect(page.locator('main .ant-table-row').first()).toBeVisible();
  const probe = page.getByRole('region', { name: 'Sonde de compatibilité' });
  await expect(probe.getByTestId('compat-badge')).toHaveText(
    'Sonde de compatibilité : contrats plus récents que l’application',
  );
  // Steps came from the remote's own copy (the shell has none), yet it reads the shell's theme: green, not antd's blue.
  await expect(probe.locator('.ant-steps-item-process .ant-steps-item-icon')).toHaveCSS(
    'background-color',
    'rgb(30, 123, 52)',
  );
  // And the shell's French locale, through the shared locale context and dayjs.
  await expect(probe.getByPlaceholder('Sélectionner une date')).toBeVisible();
  await probe.getByPlaceholder('Sélectionner une date').click();
  await expect(page.locator('.ant-picker-dropdown .ant-picker-header-view')).toContainText(
    /janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc/,
  );
  expect(fromBillingNext.some((file) => file.startsWith('/shared-fallbacks.'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('un remote incompatible est refusé au chargement avec sa raison ; le reste de l’application fonctionne', async ({
  page,
}) => {
  const reason = "mf_docs utilise useBlocker de react-router-dom, que l'application ne fournit pas.";
  // Its build against the deployed shell already said so.
  const buildLog = readFileSync(
    path.resolve(import.meta.dirname, '../../.cache/fixtures/docs-incompatible-build.log'),
    'utf8',
  );
  expect(buildLog).toContain(reason);
  expect((await (await page.request.get('/remotes.json')).json()).mf_docs).toEqual({
    entry: `${DOCS_INCOMPATIBLE}/remoteEntry.js`,
    refused: reason,
  });

  const toDocs: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(DOCS_INCOMPATIBLE)) toDocs.push(request.url());
  });
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/docs');
  await expect(
    page.getByText('Ce module n’est pas compatible avec la version déployée de l’application'),
  ).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  expect(toDocs).toEqual([]);
  await page.goto('/quotation/list/quotation');
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();
});
