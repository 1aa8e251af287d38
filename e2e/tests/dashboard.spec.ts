import { expect, test } from '@playwright/test';
import { periodRange } from 'contracts';
import { fillDate, loginAs } from './helpers';

test('le tableau de bord montre les chiffres du garage sur la période, et change avec elle', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  const byStatus = page.getByRole('list', { name: 'Dossiers par statut' });
  await expect(byStatus.getByTestId('figure').first()).toBeVisible();

  // The figures shown are the server's for the same period.
  const expected = async (period: Parameters<typeof periodRange>[0]) => {
    const { from, to } = periodRange(period);
    const answer = await page.request.get(
      `/api/dashboard/folders-by-status?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    return ((await answer.json()) as { label: string; count: number }[]).map(
      (figure) => `${figure.label}${new Intl.NumberFormat('fr-FR').format(figure.count)}`,
    );
  };
  const shown = () =>
    byStatus
      .getByTestId('figure')
      .evaluateAll((items) => items.map((item) => (item.textContent ?? '').replace(/\s+/g, '')));
  expect(await shown()).toEqual((await expected('twelveMonths')).map((text) => text.replace(/\s+/g, '')));

  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Période' }) }).click();
  await page.locator('.ant-select-item-option[title="Cette année"]').click();
  await expect.poll(shown).toEqual((await expected('year')).map((text) => text.replace(/\s+/g, '')));
  await expect(
    page.getByRole('list', { name: 'Classement des techniciens' }).getByTestId('figure').first(),
  ).toBeVisible();
  await expect(page.getByText('Derniers dossiers')).toBeVisible();

  // The money of the period, for who sees invoices: the server's turnover, in French.
  const year = periodRange('year');
  const money = (await (
    await page.request.get(
      `/api/dashboard/money?from=${encodeURIComponent(year.from)}&to=${encodeURIComponent(year.to)}`,
    )
  ).json()) as { total: { turnover: number } };
  const turnover = page.locator('dl > div', { hasText: 'Chiffre d’affaires HT' });
  await expect(turnover).toContainText(
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
      .format(money.total.turnover / 100)
      .replace(/\s/g, ' '),
    { useInnerText: true },
  );

  // Months opened and closed: a Chart.js canvas, its figures in the canvas' table for screen readers.
  const chart = page.getByTestId('monthly-chart');
  await expect(chart).toBeVisible();
  const { from, to } = periodRange('year');
  const created = (await (
    await page.request.get(
      `/api/dashboard/chart/created-per-month?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    )
  ).json()) as { label: string; count: number }[];
  const rows = chart.getByTestId('month');
  await expect(rows).toHaveCount(Math.max(created.length, 1));
  const opened = await rows.evaluateAll((items) => items.map((item) => Number(item.children[1]?.textContent)));
  expect(opened.reduce((sum, count) => sum + count, 0)).toBe(created.reduce((sum, month) => sum + month.count, 0));
});

test('une période personnalisée donne les chiffres du serveur pour ces jours-là', async ({ page }) => {
  await loginAs(page, 'poseur.admin@demo.garage.fr');
  await page.goto('/');
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Période' }) }).click();
  await page.locator('.ant-select-item-option[title="Période personnalisée"]').click();
  const year = new Date().getFullYear() - 1;
  await fillDate(page.getByLabel('Au', { exact: true }), `${year}-12-31`);
  await fillDate(page.getByLabel('Du', { exact: true }), `${year}-01-01`);
  const from = new Date(`${year}-01-01T00:00:00`).toISOString();
  const to = new Date(`${year + 1}-01-01T00:00:00`).toISOString();
  const answer = await page.request.get(
    `/api/dashboard/folders-by-status?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  const total = ((await answer.json()) as { count: number }[]).reduce((sum, figure) => sum + figure.count, 0);
  const byStatus = page.getByRole('list', { name: 'Dossiers par statut' });
  const shownTotal = () =>
    byStatus
      .getByTestId('figure')
      .evaluateAll((items) =>
        items.reduce((sum, item) => sum + Number((item.lastElementChild?.textContent ?? '').replace(/\D/g, '')), 0),
      );
  await expect.poll(shownTotal).toBe(total);
  // An end before the start is refused in French, the figures stay.
  await fillDate(page.getByLabel('Du', { exact: true }), `${year + 1}-02-01`);
  await expect(page.getByText('La date de début doit précéder la date de fin')).toBeVisible();
  expect(await shownTotal()).toBe(total);
});
