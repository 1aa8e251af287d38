/**
 * Expected menus and account links per demo account, written by hand from the
 * spec's role table (section 6) so the browser tests check the app against the
 * spec, not against the app's own table.
 */
export const PASSWORD = 'Garage2026!';

const ALL_MAIN = [
  '/',
  '/folder/choice',
  '/folder/list/my',
  '/folder/list/all',
  '/calendar/week/technicians',
  '/quotation/list/quotation',
  '/quotation/list/invoice',
  '/quotation/list/credit-note',
  '/expense/list',
  '/quotation/list/purchase-order',
  '/paiement/list/paiement',
];
/** "Mes clients" is for CMD, customer service and garage sales only: admins do not get it. */
const ADMIN_MAIN = ALL_MAIN.filter((href) => href !== '/folder/list/my');
const MESSAGES = [
  '/message_template/mail/list',
  '/message_template/mail/new',
  '/message_template/sms/list',
  '/message_template/sms/new',
];
const ALL_MORE = [
  '/me/notifications',
  '/recovery/list/all',
  '/sidexa/list',
  '/stock/list',
  '/technician/list',
  '/company/supplier-list',
  '/product/list',
  ...MESSAGES,
  '/checkout',
  '/users',
  '/company/consumption',
];
/** Not in the spec's menu: the pages an admin uses every day beyond it (once only in the account drawer). */
const BOOKS = ['/accounting', '/closings', '/integrity'];
const ADMIN_MORE = [...ALL_MORE, '/company/notifications', ...BOOKS];
/** A franchisor (and a super admin of the franchise) also reach their network page (the demo network is the first). */
const FRANCHISOR_MORE = [...ADMIN_MORE, '/franchise/1/network'];
const ADMIN_LINKS = [
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
const BASIC_LINKS = ['Double authentification', 'Nous contacter', 'Déconnexion'];

export interface ExpectedAccount {
  email: string;
  main: string[];
  more: string[];
  links: string[];
}

export const ACCOUNTS: ExpectedAccount[] = [
  { email: 'superadmin@demo.garage.fr', main: ADMIN_MAIN, more: FRANCHISOR_MORE, links: ADMIN_LINKS },
  { email: 'franchiseur@demo.garage.fr', main: ADMIN_MAIN, more: FRANCHISOR_MORE, links: ADMIN_LINKS },
  { email: 'poseur.admin@demo.garage.fr', main: ADMIN_MAIN, more: ADMIN_MORE, links: ADMIN_LINKS },
  { email: 'multi@demo.garage.fr', main: ADMIN_MAIN, more: ADMIN_MORE, links: ADMIN_LINKS },
  {
    email: 'poseur@demo.garage.fr',
    main: ['/calendar/week/technicians'],
    more: ['/me/notifications'],
    links: BASIC_LINKS,
  },
  {
    email: 'cmd@demo.garage.fr',
    main: [
      '/folder/list/my',
      '/folder/list/all',
      '/calendar/week/technicians',
      '/quotation/list/quotation',
      '/expense/list',
      '/quotation/list/purchase-order',
    ],
    more: [
      '/me/notifications',
      '/sidexa/list',
      '/stock/list',
      '/technician/list',
      '/company/supplier-list',
      '/product/list',
    ],
    links: ['Mes poseurs', ...BASIC_LINKS],
  },
  {
    email: 'service.client@demo.garage.fr',
    main: ALL_MAIN.filter((href) => href !== '/'),
    more: ['/me/notifications', '/recovery/list/all', '/stock/list', ...MESSAGES],
    links: ['Acheter des unités', ...BASIC_LINKS],
  },
  {
    email: 'service.client.limit@demo.garage.fr',
    main: ['/folder/choice', '/folder/list/my', '/folder/list/all'],
    more: ['/me/notifications'],
    links: BASIC_LINKS,
  },
  {
    email: 'commercial@demo.garage.fr',
    main: ['/', '/folder/choice', '/folder/list/my', '/folder/list/all'],
    more: ['/me/notifications'],
    links: BASIC_LINKS,
  },
  {
    email: 'comptable@demo.garage.fr',
    main: ['/quotation/list/invoice', '/quotation/list/credit-note', '/expense/list', '/paiement/list/paiement'],
    more: BOOKS,
    links: BASIC_LINKS,
  },
  {
    // Referent mode: no new client, my clients, Sidexa, stocks or purchase orders; split after 8.
    email: 'referent@demo.garage.fr',
    main: [
      '/folder/list/all',
      '/calendar/week/technicians',
      '/quotation/list/quotation',
      '/quotation/list/invoice',
      '/quotation/list/credit-note',
      '/expense/list',
      '/paiement/list/paiement',
    ],
    more: ['/me/notifications', '/recovery/list/all', ...MESSAGES],
    links: ['Acheter des unités', ...BASIC_LINKS],
  },
];
