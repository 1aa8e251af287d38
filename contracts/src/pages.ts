import type { DocumentLineBody } from './billing';
import type { Permission } from './permissions';

/** Module Federation container names of the remotes. */
export const REMOTES = [
  'mf_folders',
  'mf_billing',
  'mf_notifications',
  'mf_catalog',
  'mf_franchise',
  'mf_docs',
] as const;
export type RemoteName = (typeof REMOTES)[number];

export interface PageRoute {
  /** Path pattern; `:name` matches one segment. */
  path: string;
  remote: RemoteName;
  permission: Permission;
  title: string;
  /**
   * The page works without network (the fitter's phone: its service worker and outbox) and says itself what will
   * happen; the shell's « Connexion au serveur perdue » banner stays away so the fitter reads one message.
   */
  offline?: true;
}

const page = (
  path: string,
  remote: RemoteName,
  permission: Permission,
  title: string,
  options: { offline?: true } = {},
): PageRoute => ({ path, remote, permission, title, ...options });

/**
 * THE route table: every page of the product, the remote that renders it and
 * who may open it. The shell's router and guard, the remotes' placeholders and
 * the server's "is this a page?" test all read it.
 */
export const PAGES: PageRoute[] = [
  page('/', 'mf_folders', 'dashboard', 'Tableau de bord'),
  page('/folder/choice', 'mf_folders', 'folderCreate', 'Nouveau client'),
  page('/folder/list/my', 'mf_folders', 'folderMine', 'Mes clients'),
  page('/folder/list/all', 'mf_folders', 'folderAll', 'Gestion clients'),
  // The product variants of the two lists (folder type = the product named in the path).
  page('/folder/list/my/:product', 'mf_folders', 'folderMine', 'Mes clients'),
  page('/folder/list/all/:product', 'mf_folders', 'folderAll', 'Gestion clients'),
  page('/folder/show/:id', 'mf_folders', 'folderView', 'Dossier'),
  page('/customer/:folderId', 'mf_folders', 'folderView', 'Fiche client'),
  page('/vehicle/:plate', 'mf_folders', 'folderView', 'Fiche véhicule'),
  page('/calendar/week/technicians', 'mf_folders', 'calendar', 'Calendrier'),
  page('/calendar/tasks', 'mf_folders', 'fitterSteps', 'Mes interventions du jour', { offline: true }),
  page('/calendar/task/:folderId', 'mf_folders', 'fitterSteps', 'Intervention', { offline: true }),
  page('/recovery/list/all', 'mf_folders', 'recoveries', 'Recouvrements'),
  page('/sidexa/list', 'mf_folders', 'sidexa', 'Sidexa'),
  page('/sidexa/add', 'mf_folders', 'sidexa', 'Nouveau devis Sidexa'),

  page('/quotation/list/quotation', 'mf_billing', 'quotes', 'Devis'),
  page('/quotation/list/invoice', 'mf_billing', 'invoices', 'Factures'),
  page('/quotation/list/credit-note', 'mf_billing', 'creditNotes', 'Avoirs'),
  page('/quotation/list/purchase-order', 'mf_billing', 'purchaseOrders', 'Bons de commande'),
  page('/quotation/new/:type', 'mf_billing', 'billingDocuments', 'Nouveau document'),
  page('/quotation/show/:id', 'mf_billing', 'billingDocuments', 'Document'),
  page('/expense/list', 'mf_billing', 'expenses', 'Dépenses/Achats'),
  page('/paiement/list/paiement', 'mf_billing', 'payments', 'Paiement'),
  page('/paiement/counter', 'mf_billing', 'counterSale', 'Vente au comptoir'),
  page('/paiement/cash-up', 'mf_billing', 'payments', 'Clôture de caisse'),
  page('/paiement/insurers', 'mf_billing', 'payments', 'Créances assureurs'),
  page('/checkout', 'mf_billing', 'buyUnits', 'Acheter des unités'),
  page('/company/consumption', 'mf_billing', 'consumption', 'Ma consommation'),
  page('/integrity', 'mf_billing', 'integrity', 'Intégrité'),
  page('/accounting', 'mf_billing', 'accounting', 'Comptabilité'),
  // Not in the specification: the sales to private customers and payments reported through the platform (Flux 10).
  page('/accounting/ereporting', 'mf_billing', 'accounting', 'E-reporting'),
  page('/closings', 'mf_billing', 'integrity', 'Clôtures'),

  page('/me/notifications', 'mf_notifications', 'notifications', 'Mes notifications'),
  page('/notifications/:id', 'mf_notifications', 'notifications', 'Notification'),
  page('/company/notifications', 'mf_notifications', 'notificationSettings', 'Configurer les notifications'),
  page('/message_template/mail/list', 'mf_notifications', 'messages', 'Modèles mail'),
  page('/message_template/mail/new', 'mf_notifications', 'messages', 'Nouveau mail'),
  page('/message_template/sms/list', 'mf_notifications', 'messages', 'Modèles SMS'),
  page('/message_template/sms/new', 'mf_notifications', 'messages', 'Nouveau SMS'),
  page('/message_template/:id/edit', 'mf_notifications', 'messages', 'Modifier le modèle'),
  // Not in the specification: what a demonstration server's mails and SMS would have delivered (its sink).
  page('/demo/messages', 'mf_notifications', 'authenticated', 'Messages envoyés (démo)'),

  page('/product/list', 'mf_catalog', 'products', 'Mes produits'),
  page('/product/new/:id', 'mf_catalog', 'products', 'Produit'),
  page('/stock/list', 'mf_catalog', 'stocks', 'Stocks'),
  page('/company/supplier-list', 'mf_catalog', 'suppliers', 'Fournisseurs'),
  // Not in the specification's menus: reached from the folder form's insurer field and the supplier list.
  page('/company/insurer-list', 'mf_catalog', 'insurers', 'Assureurs'),

  page('/franchise/:franchiseId/centers_list', 'mf_franchise', 'franchise', 'Liste des centres de votre franchise'),
  page('/franchise/:franchiseId/add_center', 'mf_franchise', 'franchise', 'Ajouter un centre'),
  page('/franchise/:franchiseId/network', 'mf_franchise', 'franchise', 'Mon réseau'),
  page('/company', 'mf_franchise', 'companyProfile', 'Ma société'),
  page('/company/edit', 'mf_franchise', 'companySettings', 'Paramètres de mon garage'),
  // Not in the specification: what a new garage completes before its first invoice (docs/decisions.md).
  page('/company/setup', 'mf_franchise', 'companySettings', 'Mise en route'),
  // Not in the specification: the garage's (or network's) mail server and SMS provider (docs/decisions.md).
  page('/company/sending', 'mf_franchise', 'companySettings', 'Envoi des e-mails et SMS'),
  // Not in the specification: the garage's (or network's) approved e-invoicing platform (docs/decisions.md).
  page('/company/einvoicing', 'mf_franchise', 'companySettings', 'Facturation électronique'),
  // Not in the specification: a garage's customers and vehicles brought from its former software.
  page('/import', 'mf_franchise', 'imports', 'Import depuis l’ancien logiciel'),
  page('/users', 'mf_franchise', 'users', 'Mes utilisateurs'),
  page('/technician/list', 'mf_franchise', 'technicians', 'Poseurs'),
  page('/technician/new/:id', 'mf_franchise', 'technicians', 'Poseur'),

  page('/docs', 'mf_docs', 'docs', 'Trame des agents verifs'),
  page('/docs/:pageId', 'mf_docs', 'docs', 'Trame des agents verifs'),
];

/** The top bar's notification bell: a slot of every product page, so its remote comes with every page. */
export const BELL_SLOT = { remote: 'mf_notifications', module: 'NotificationBell' } as const satisfies {
  remote: RemoteName;
  module: string;
};

/**
 * The quotes and invoices of one folder, shown on the folder page: mf-billing exposes it, mf-folders embeds
 * it (props: folderId, companyId) with a French fallback while billing is absent or down.
 */
export const FOLDER_BILLING_SLOT = { remote: 'mf_billing', module: 'FolderDocuments' } as const satisfies {
  remote: RemoteName;
  module: string;
};
export interface FolderBillingSlotProps {
  folderId: number;
  companyId: number;
}

/**
 * A new quote of a folder in billing's document form, its lines prefilled (the vehicle lookup's parts and labour,
 * Sidexa), in a large modal: mf-billing exposes it, mf-folders opens it after the Sidexa search, with a French
 * fallback showing the lines while billing is absent or down. Saving creates the quote
 * (`POST /api/quotation/new/quotation`) and calls `onSaved` with its id; the modal then offers to open it.
 */
export const QUOTATION_MODAL_SLOT = { remote: 'mf_billing', module: 'QuotationModal' } as const satisfies {
  remote: RemoteName;
  module: string;
};
export interface QuotationModalProps {
  folderId: number;
  /** The quote's lines, unit prices as euros typed in French ("12,50"). */
  lines: DocumentLineBody[];
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** Pages the shell renders itself (no remote, no role needed beyond being who you are). */
export const SHELL_PATHS = [
  '/login',
  '/logout',
  /** Public: the link e-mailed to a new centre's admin (no session; the server answers it with the shell). */
  '/activate/:token',
  /** Public: the link e-mailed with an invitation into a garage (the owner of the address accepts it). */
  '/invitation/:token',
  /** Public: « Mot de passe oublié ? » (an address typed, a neutral answer) and the page of the link it e-mails. */
  '/forgot-password',
  '/reset-password/:token',
  '/contact',
  /** « Mon compte » > « Double authentification »: the signed-in user's own second factor (any role). */
  '/account/two-factor',
  '/error/403',
  '/error/404',
  '/error/500',
  '/maintenance',
  '/coming-soon',
] as const;

/**
 * Pages a signed-out visitor uses (sign-in, and the pages of the links e-mailed to set a password): a stale session
 * found there ends quietly instead of sending the visitor to /login and losing the link they followed.
 */
export const SIGNED_OUT_PATHS = [
  '/login',
  '/activate/:token',
  '/invitation/:token',
  '/forgot-password',
  '/reset-password/:token',
] as const;

export const isSignedOutPath = (pathname: string): boolean =>
  SIGNED_OUT_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);

/** Params of `pattern` matched against `pathname`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const actual = got[i] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(actual);
    else if (segment !== actual) return null;
  }
  return params;
}

/** The page a pathname belongs to; literal patterns win over patterns with parameters. */
export function findPage(pathname: string): PageRoute | undefined {
  const candidates = PAGES.filter((p) => matchPath(p.path, pathname));
  return candidates.find((p) => !p.path.includes(':')) ?? candidates[0];
}

export function pagesOf(remote: RemoteName): PageRoute[] {
  return PAGES.filter((p) => p.remote === remote);
}

/** The page of a vehicle: its plate as the folder keeps it (letters and digits), or any spelling the API reads. */
export const vehiclePath = (plate: string) => `/vehicle/${encodeURIComponent(plate)}`;
/** The page of the customer of a folder. */
export const customerPath = (folderId: number) => `/customer/${folderId}`;
