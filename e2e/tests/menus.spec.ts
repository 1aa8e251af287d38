import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { accountLinks, loginAs, menuHrefs } from './helpers';

const LINK_HREFS: Record<string, string> = {
  'Ma société': '/company',
  'Paramètres de mon garage': '/company/edit',
  'Configurer les notifications': '/company/notifications',
  'Ma consommation': '/company/consumption',
  'Acheter des unités': '/checkout',
  'Mes utilisateurs': '/users',
  'Mes poseurs': '/technician/list',
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
    for (const [label, href] of links) expect(href, label).toBe(LINK_HREFS[label]);
  });
}
