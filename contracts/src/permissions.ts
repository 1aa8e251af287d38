import { ROLES, type Role } from './roles';

const SA = 'ROLE_SUPER_ADMIN';
const FR = 'ROLE_FRANCHISEUR';
const PA = 'ROLE_POSEUR_ADMIN';
const P = 'ROLE_POSEUR';
const CMD = 'ROLE_CMD';
const SC = 'ROLE_SERVICE_CLIENT';
const SCL = 'ROLE_SERVICE_CLIENT_LIMIT';
const COM = 'ROLE_COMMERCIAL_GARAGE';
const CPT = 'ROLE_COMPTABLE';

const allExcept = (...excluded: Role[]): Role[] => ROLES.filter((role) => !excluded.includes(role));

/**
 * THE permission table (docs/product.md). The side menu, the account drawer,
 * the shell's route guard and the API's authorization all read it; nothing
 * else decides who may do what. A user may act when they hold ANY listed role.
 */
export const PERMISSIONS = {
  dashboard: [SA, FR, PA, COM],
  folderCreate: [SA, FR, PA, COM, SC, SCL],
  folderMine: [CMD, SC, SCL, COM],
  folderAll: allExcept(P, CPT),
  folderView: allExcept(CPT),
  /** Changing a folder's customer, vehicle and claim fields: not fitters (they work on it) nor accountants. */
  folderEdit: allExcept(P, CPT),
  /** Revealing a customer's phone, e-mail or address (logged): not the limited customer service (decisions.md). */
  folderContact: allExcept(CPT, SCL),
  calendar: [SA, FR, PA, P, CMD, SC],
  /** The fitter's phone flow: a pure fitter acts on the folders of the technicians linked to them, admins on any. */
  fitterSteps: [SA, FR, PA, P],
  quotes: [SA, FR, PA, CMD, SC],
  purchaseOrders: [SA, FR, PA, CMD, SC],
  stocks: [SA, FR, PA, CMD, SC],
  invoices: [SA, FR, PA, CPT, SC],
  /** The document pages (new, show): whoever reads any type; the API then checks the document's own type. */
  billingDocuments: [SA, FR, PA, CMD, SC, CPT],
  creditNotes: [SA, FR, PA, CPT, SC],
  payments: [SA, FR, PA, CPT, SC],
  /** « Vente au comptoir »: opens a folder, issues its invoice and takes the money at once (not the accountant). */
  counterSale: [SA, FR, PA, SC],
  expenses: [SA, FR, PA, CPT, SC, CMD],
  notifications: allExcept(CPT),
  recoveries: [SA, FR, PA, SC],
  sidexa: [SA, FR, PA, CMD],
  technicians: [SA, FR, PA, CMD],
  suppliers: [SA, FR, PA, CMD],
  products: [SA, FR, PA, CMD],
  /** The insurer directory: who bills insurers keeps it; the folder form reads it through its choices. */
  insurers: [SA, FR, PA, CMD, CPT],
  messages: [SA, FR, PA, SC],
  /** The inalterable chain's check: who answers for the garage's books. */
  integrity: [SA, FR, PA, CPT],
  /** The accountant's journals and FEC: who answers for the books, as the chain's check. */
  accounting: [SA, FR, PA, CPT],
  /** A garage's chart of accounts: its admin (the franchisor is its head office's); the accountant reads it. */
  accountMapping: [SA, FR, PA],
  /** The drawer link and the /checkout page admit customer service too; the side-menu entry does not (docs/product.md). */
  buyUnits: [SA, FR, PA, SC],
  buyUnitsMenu: [SA, FR, PA],
  users: [SA, FR, PA],
  /**
   * Which roles of a garage must sign in with a second factor: its admins; the franchisor also for the
   * garages of its network (the route checks the network).
   */
  mfaPolicy: [SA, FR, PA],
  /** Removing a user's lost second factor (logged in the garage's event log): the platform's super admin only. */
  mfaReset: [SA],
  consumption: [SA, FR, PA],
  /** UNITÉS in the top bar: who spends units (a vehicle lookup, a recovery) or buys them; a fitter does neither. */
  units: [SA, FR, PA, CMD, SC],
  companyProfile: [SA, FR, PA],
  companySettings: [SA, FR, PA],
  /** « Import depuis l’ancien logiciel »: the garage's admins bring its customers in (and may undo it). */
  imports: [SA, FR, PA],
  notificationSettings: [SA, FR, PA],
  franchise: [SA, FR],
  docs: allExcept(),
  /** Writing the verification script of the network (versions kept). */
  docsEdit: [SA, FR],
  authenticated: allExcept(),

  // Named checks that guard no screen but that the server and pages ask of a role: written here so that no role
  // string is ever compared by hand elsewhere.
  /** Sees every network and its centres (the franchise pages of the super admin). */
  allNetworks: [SA],
  /** Heads its company's network: a company with such a member is the franchisor's own, not a centre. */
  networkHead: [FR],
  /** A centre's administrator: the role its first user and invitation receive, whom the centre list shows. */
  centreAdmin: [PA],
  /** A fitter's account: may be linked to a technician; one holding nothing else goes to its tasks on a phone. */
  fitterAccount: [P],
  /** Acts on every folder of the garage in the fitter flow (a pure fitter only on its technicians' folders). */
  fitterAnyFolder: [SA, FR, PA],
  /** The "admin" group of a company's notification recipients. */
  notifiedAsAdmin: [SA, FR, PA],
  /** The "commercial" group of a company's notification recipients. */
  notifiedAsCommercial: [COM],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** The single predicate: may a holder of `roles` use `permission`? */
export function can(roles: readonly string[], permission: Permission): boolean {
  const allowed: readonly string[] = PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

/** Holds `permission` and nothing beyond it: every role of `roles` is one of the permission's (a pure fitter). */
export function holdsOnly(roles: readonly string[], permission: Permission): boolean {
  const allowed: readonly string[] = PERMISSIONS[permission];
  return roles.length > 0 && roles.every((role) => allowed.includes(role));
}
