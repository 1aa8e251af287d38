import { expect, test } from '@playwright/test';
import { periodRange } from 'contracts';
import { loginAs } from './helpers';

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
});
