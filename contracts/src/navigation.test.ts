import { describe, expect, it } from 'vitest';
import { accountLinksFor, hostKind, menuFor } from './navigation';
import type { Role } from './roles';

const hrefs = (user: { roles: Role[]; isReferent?: boolean }, host: 'default' | 'partner' = 'default') => {
  const { main, more } = menuFor({ roles: user.roles, isReferent: user.isReferent ?? false }, host);
  const flat = (entries: typeof main): string[] => entries.flatMap((e) => (e.children ? flat(e.children) : [e.href]));
  return { main: flat(main), more: flat(more) };
};

describe('side menu (docs/product.md)', () => {
  it('gives a fitter admin the main group except "Mes clients", and the whole secondary group', () => {
    const { main, more } = hrefs({ roles: ['ROLE_POSEUR_ADMIN'] });
    expect(main).toHaveLength(10);
    expect(main).not.toContain('/folder/list/my');
    expect(main[0]).toBe('/');
    expect(main[9]).toBe('/paiement/list/paiement');
    expect(more).toEqual([
      '/me/notifications',
      '/recovery/list/all',
      '/sidexa/list',
      '/stock/list',
      '/technician/list',
      '/company/supplier-list',
      '/product/list',
      '/message_template/mail/list',
      '/message_template/mail/new',
      '/message_template/sms/list',
      '/message_template/sms/new',
      '/checkout',
      '/users',
      '/company/consumption',
      '/company/notifications',
      '/accounting',
      '/closings',
      '/integrity',
    ]);
  });

  it('gives the accountant invoices, credit notes, expenses and payments, then the books', () => {
    expect(hrefs({ roles: ['ROLE_COMPTABLE'] })).toEqual({
      main: ['/quotation/list/invoice', '/quotation/list/credit-note', '/expense/list', '/paiement/list/paiement'],
      more: ['/accounting', '/closings', '/integrity'],
    });
  });

  it('gives a franchisor its network page in the menu, only within a network', () => {
    const inNetwork = menuFor({ roles: ['ROLE_FRANCHISEUR'], isReferent: false, franchiseId: 3 }, 'default');
    expect(inNetwork.more.at(-1)).toMatchObject({ label: 'Mon réseau', href: '/franchise/3/network' });
    const alone = menuFor({ roles: ['ROLE_FRANCHISEUR'], isReferent: false, franchiseId: null }, 'default');
    expect(alone.more.map((entry) => entry.label)).not.toContain('Mon réseau');
  });

  it('gives a fitter the calendar and notifications only', () => {
    expect(hrefs({ roles: ['ROLE_POSEUR'] })).toEqual({
      main: ['/calendar/week/technicians'],
      more: ['/me/notifications'],
    });
  });

  it('does not give CMD new client, invoices or buy units', () => {
    const { main, more } = hrefs({ roles: ['ROLE_CMD'] });
    expect(main).not.toContain('/folder/choice');
    expect(main).not.toContain('/quotation/list/invoice');
    expect(main).toContain('/expense/list');
    expect(more).not.toContain('/checkout');
    expect(more).toContain('/sidexa/list');
  });

  it('uses the referent menu: no new client, my clients, Sidexa, stocks or purchase orders, split after 8', () => {
    const referent = hrefs({ roles: ['ROLE_SERVICE_CLIENT'], isReferent: true });
    expect(referent.main).toEqual([
      '/folder/list/all',
      '/calendar/week/technicians',
      '/quotation/list/quotation',
      '/quotation/list/invoice',
      '/quotation/list/credit-note',
      '/expense/list',
      '/paiement/list/paiement',
    ]);
    for (const hidden of [
      '/folder/choice',
      '/folder/list/my',
      '/sidexa/list',
      '/stock/list',
      '/quotation/list/purchase-order',
    ]) {
      expect([...referent.main, ...referent.more]).not.toContain(hidden);
    }
    const admin = menuFor({ roles: ['ROLE_POSEUR_ADMIN'], isReferent: true }, 'default');
    expect(admin.main).toHaveLength(8);
  });

  it('shows "Gestion clients" to customer service outside referent mode too', () => {
    expect(hrefs({ roles: ['ROLE_SERVICE_CLIENT'] }).main).toContain('/folder/list/all');
  });

  it('chooses the partner menu set by host name', () => {
    expect(hostKind('Partner.Example.fr', ['partner.example.fr'])).toBe('partner');
    expect(hostKind('localhost', ['partner.example.fr'])).toBe('default');
    const partner = hrefs({ roles: ['ROLE_SUPER_ADMIN'] }, 'partner');
    expect(partner.more).not.toContain('/sidexa/list');
    expect(partner.more).not.toContain('/checkout');
  });
});

describe('account drawer links', () => {
  const labels = (roles: Role[]) => accountLinksFor(roles).map((l) => l.label);

  it('gives admins the garage’s settings and personal links; the books and the network are in the menu', () => {
    const admin = [
      'Ma société',
      'Paramètres de mon garage',
      'Mise en route',
      'Importer des clients',
      'Configurer les notifications',
      'Ma consommation',
      'Acheter des unités',
      'Mes utilisateurs',
      'Mes poseurs',
      'Double authentification',
      'Nous contacter',
      'Déconnexion',
    ];
    expect(labels(['ROLE_POSEUR_ADMIN'])).toEqual(admin);
    expect(labels(['ROLE_FRANCHISEUR'])).toEqual(admin);
  });

  it('lets customer service buy units and CMD see fitters', () => {
    expect(labels(['ROLE_SERVICE_CLIENT'])).toEqual([
      'Acheter des unités',
      'Double authentification',
      'Nous contacter',
      'Déconnexion',
    ]);
    expect(labels(['ROLE_CMD'])).toEqual(['Mes poseurs', 'Double authentification', 'Nous contacter', 'Déconnexion']);
    expect(labels(['ROLE_COMPTABLE'])).toEqual(['Double authentification', 'Nous contacter', 'Déconnexion']);
  });
});
