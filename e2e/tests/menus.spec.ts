import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { accountLinks, loginAs, menuHrefs } from './helpers';

const LINK_HREFS: Record<string, string | RegExp> = {
  'Ma société': '/company',
  'Paramètres de mon garage': '/company/edit',
  'Mise en route': '/company/setup',
  'Importer des clients': '/import',
  'Configurer les notifications': '/company/notifications',
  'Ma consommation': '/company/consumption',
  'Acheter des unités': '/checkout',
  'Mes utilisateurs': '/users',
  'Mes poseurs': '/technician/list',
  'Double authentification': '/account/two-factor',
  'Nous contacter': '/contact',
  Déconnexion: '/logout',
};

for (const account of ACCOUNTS) {
  test(`${account.email} voit exactement son menu et ses liens de compte`, async ({ page }) => {
    await loginAs(page, account.email);
    const { main, more } = await menuHrefs(page);
    expect(main).toEqual(account.main);
    expect(more).toEqual(account.more);

    const links = await accountLinks(page);
    expect(links.map(([label]) => label)).toEqual(account.links);
    for (const [label, href] of links) {
      const expected = LINK_HREFS[label];
      if (expected instanceof RegExp) expect(href, label).toMatch(expected);
      else expect(href, label).toBe(expected);
    }
  });
}
