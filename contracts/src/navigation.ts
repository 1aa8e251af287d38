import { can, type Permission } from './permissions';

/** Icon names are resolved to components by the shell; contracts stay free of React. */
export type MenuIcon =
  | 'dashboard'
  | 'user-add'
  | 'user'
  | 'team'
  | 'calendar'
  | 'file-text'
  | 'file-done'
  | 'rollback'
  | 'shopping'
  | 'container'
  | 'euro'
  | 'bell'
  | 'alert'
  | 'car'
  | 'database'
  | 'tool'
  | 'shop'
  | 'appstore'
  | 'mail'
  | 'credit-card'
  | 'usergroup'
  | 'bar-chart';

export interface MenuEntry {
  label: string;
  href: string;
  icon: MenuIcon;
  permission: Permission;
  /** Shown only to referent users (the referent menu's "Gestion clients"). */
  isReferent?: boolean;
  children?: MenuEntry[];
}

const entry = (
  label: string,
  href: string,
  icon: MenuIcon,
  permission: Permission,
  extra: Partial<MenuEntry> = {},
) => ({
  label,
  href,
  icon,
  permission,
  ...extra,
});

const E = {
  dashboard: entry('Tableau de bord', '/', 'dashboard', 'dashboard'),
  newClient: entry('Nouveau client', '/folder/choice', 'user-add', 'folderCreate'),
  myClients: entry('Mes clients', '/folder/list/my', 'user', 'folderMine'),
  allClients: entry('Gestion clients', '/folder/list/all', 'team', 'folderAll'),
  calendar: entry('Calendrier', '/calendar/week/technicians', 'calendar', 'calendar'),
  quotes: entry('Devis', '/quotation/list/quotation', 'file-text', 'quotes'),
  invoices: entry('Factures', '/quotation/list/invoice', 'file-done', 'invoices'),
  creditNotes: entry('Avoirs', '/quotation/list/credit-note', 'rollback', 'creditNotes'),
  expenses: entry('Dépenses/Achats', '/expense/list', 'shopping', 'expenses'),
  purchaseOrders: entry('Bons de commande', '/quotation/list/purchase-order', 'container', 'purchaseOrders'),
  payments: entry('Paiement', '/paiement/list/paiement', 'euro', 'payments'),
  notifications: entry('Mes notifications', '/me/notifications', 'bell', 'notifications'),
  recoveries: entry('Recouvrements', '/recovery/list/all', 'alert', 'recoveries'),
  sidexa: entry('Sidexa', '/sidexa/list', 'car', 'sidexa'),
  stocks: entry('Stocks', '/stock/list', 'database', 'stocks'),
  technicians: entry('Poseurs', '/technician/list', 'tool', 'technicians'),
  suppliers: entry('Fournisseurs', '/company/supplier-list', 'shop', 'suppliers'),
  products: entry('Produits', '/product/list', 'appstore', 'products'),
  messages: entry('Messages', '/message_template/mail/list', 'mail', 'messages', {
    children: [
      entry('Modèles mail', '/message_template/mail/list', 'mail', 'messages'),
      entry('Nouveau mail', '/message_template/mail/new', 'mail', 'messages'),
      entry('Modèles SMS', '/message_template/sms/list', 'mail', 'messages'),
      entry('Nouveau SMS', '/message_template/sms/new', 'mail', 'messages'),
    ],
  }),
  buyUnits: entry('Acheter des unités', '/checkout', 'credit-card', 'buyUnitsMenu'),
  users: entry('Mes utilisateurs', '/users', 'usergroup', 'users'),
  consumption: entry('Ma consommation', '/company/consumption', 'bar-chart', 'consumption'),
  // Not in the spec's menu: pages a role uses every day, once reached only through the account drawer. Their icons
  // are the menu's own (each new icon weighs on every page).
  notificationSettings: entry('Configurer les notifications', '/company/notifications', 'bell', 'notificationSettings'),
  accounting: entry('Comptabilité', '/accounting', 'bar-chart', 'accounting'),
  closings: entry('Clôtures', '/closings', 'file-done', 'integrity'),
  integrity: entry('Intégrité', '/integrity', 'container', 'integrity'),
  network: entry('Mon réseau', '/franchise/{franchiseId}/network', 'shop', 'franchise'),
} satisfies Record<string, MenuEntry>;

/** The entries every menu set ends with, after the spec's: the books, the network, the notification settings. */
const DAILY_TOOLS = [E.notificationSettings, E.accounting, E.closings, E.integrity, E.network];

export interface MenuSet {
  entries: MenuEntry[];
  /** Entries before this index form the main group; the rest go under "Suite du menu". */
  mainCount: number;
}

const DEFAULT_MENU: MenuSet = {
  mainCount: 11,
  entries: [
    E.dashboard,
    E.newClient,
    E.myClients,
    E.allClients,
    E.calendar,
    E.quotes,
    E.invoices,
    E.creditNotes,
    E.expenses,
    E.purchaseOrders,
    E.payments,
    E.notifications,
    E.recoveries,
    E.sidexa,
    E.stocks,
    E.technicians,
    E.suppliers,
    E.products,
    E.messages,
    E.buyUnits,
    E.users,
    E.consumption,
    ...DAILY_TOOLS,
  ],
};

/** Referent mode: no new client, my clients, Sidexa, stocks or purchase orders; split after 8. */
const REFERENT_MENU: MenuSet = {
  mainCount: 8,
  entries: [
    E.dashboard,
    { ...E.allClients, isReferent: true },
    E.calendar,
    E.quotes,
    E.invoices,
    E.creditNotes,
    E.expenses,
    E.payments,
    E.notifications,
    E.recoveries,
    E.technicians,
    E.suppliers,
    E.products,
    E.messages,
    E.buyUnits,
    E.users,
    E.consumption,
    ...DAILY_TOOLS,
  ],
};

/**
 * Partner network hosts run their own quotation tool and are invoiced units by
 * the network, so their menu has no Sidexa and no "Acheter des unités"
 * (our design choice, docs/decisions.md).
 */
const PARTNER_MENU: MenuSet = {
  mainCount: 11,
  entries: DEFAULT_MENU.entries.filter((e) => e !== E.sidexa && e !== E.buyUnits),
};

export type HostKind = 'default' | 'partner';

export function hostKind(hostname: string, partnerHosts: readonly string[]): HostKind {
  return partnerHosts.includes(hostname.toLowerCase()) ? 'partner' : 'default';
}

export interface MenuUser {
  roles: readonly string[];
  isReferent: boolean;
  /** The user's network, for « Mon réseau » (none: the entry is not shown). */
  franchiseId?: number | null;
}

const FRANCHISE_ID = '{franchiseId}';
/** A path naming the user's network, filled in; undefined when the user has none. */
const withFranchise = (href: string, franchiseId: number | null | undefined) =>
  !href.includes(FRANCHISE_ID) ? href : franchiseId ? href.replace(FRANCHISE_ID, String(franchiseId)) : undefined;

function visible(entries: MenuEntry[], user: MenuUser): MenuEntry[] {
  return entries
    .filter((e) => can(user.roles, e.permission) && (!e.isReferent || user.isReferent))
    .flatMap((e) => {
      const href = withFranchise(e.href, user.franchiseId);
      if (href === undefined) return [];
      return [e.children ? { ...e, href, children: visible(e.children, user) } : { ...e, href }];
    });
}

/** The side menu a user sees: the menu set for the host and referent mode, filtered by roles. */
export function menuFor(user: MenuUser, host: HostKind): { main: MenuEntry[]; more: MenuEntry[] } {
  const set = user.isReferent ? REFERENT_MENU : host === 'partner' ? PARTNER_MENU : DEFAULT_MENU;
  return {
    main: visible(set.entries.slice(0, set.mainCount), user),
    more: visible(set.entries.slice(set.mainCount), user),
  };
}

export interface AccountLink {
  label: string;
  href: string;
  permission: Permission;
}

const ACCOUNT_LINKS: AccountLink[] = [
  { label: 'Ma société', href: '/company', permission: 'companyProfile' },
  { label: 'Paramètres de mon garage', href: '/company/edit', permission: 'companySettings' },
  // Not in the spec's list: what a new garage completes before its first invoice.
  { label: 'Mise en route', href: '/company/setup', permission: 'companySettings' },
  // Not in the spec's list: the customers of the garage's former software.
  { label: 'Importer des clients', href: '/import', permission: 'imports' },
  { label: 'Configurer les notifications', href: '/company/notifications', permission: 'notificationSettings' },
  { label: 'Ma consommation', href: '/company/consumption', permission: 'consumption' },
  { label: 'Acheter des unités', href: '/checkout', permission: 'buyUnits' },
  { label: 'Mes utilisateurs', href: '/users', permission: 'users' },
  { label: 'Mes poseurs', href: '/technician/list', permission: 'technicians' },
  // Not in the spec's list: every account's second factor.
  { label: 'Double authentification', href: '/account/two-factor', permission: 'authenticated' },
  { label: 'Nous contacter', href: '/contact', permission: 'authenticated' },
  { label: 'Déconnexion', href: '/logout', permission: 'authenticated' },
];

/**
 * The account drawer's links for these roles: the garage's settings and personal things (the books and the network
 * are in the side menu).
 */
export function accountLinksFor(roles: readonly string[]): AccountLink[] {
  return ACCOUNT_LINKS.filter((link) => can(roles, link.permission));
}
