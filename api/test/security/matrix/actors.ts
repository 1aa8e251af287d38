import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, memberships, users } from '../../../src/db/schema';
import { login } from '../../helpers';

/**
 * Who calls each operation of the matrix. Every garage is a fresh one of this file: a foreign tenant's lists are
 * then those of an empty garage, so any count, total or row of the owner's shows.
 */
export const ACTORS = [
  'owner',
  'sibling',
  'otherNetwork',
  'independent',
  'fitter',
  'accountant',
  'cmd',
  'customerService',
  'commercial',
  'nobody',
] as const;
export type Actor = (typeof ACTORS)[number];

/** The actors of another garage than the owner's: they must never read, count or change the owner's records. */
export const FOREIGN = ['sibling', 'otherNetwork', 'independent'] as const satisfies readonly Actor[];
/** The owner garage's users of a lower role: the permission table (contracts) says what they may do. */
export const LOWER = {
  fitter: 'ROLE_POSEUR',
  accountant: 'ROLE_COMPTABLE',
  cmd: 'ROLE_CMD',
  customerService: 'ROLE_SERVICE_CLIENT',
  commercial: 'ROLE_COMMERCIAL_GARAGE',
} as const;
export type LowerActor = keyof typeof LOWER;

export interface Session {
  email: string;
  userId: number;
  companyId: number;
  cookie: string;
}

export interface Actors {
  /** The owner garage's admin (ROLE_POSEUR_ADMIN): the records under test are theirs. */
  owner: Session;
  /** The franchisor heading the owner's network: the "owner" of the network's own calls (centres, packs, docs). */
  head: Session & { franchiseId: number };
  sibling: Session;
  otherNetwork: Session & { franchiseId: number };
  independent: Session;
  fitter: Session;
  accountant: Session;
  cmd: Session;
  customerService: Session;
  commercial: Session;
}

async function userIdOf(app: FastifyInstance, email: string): Promise<number> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function garage(app: FastifyInstance, email: string, options: { ownFranchise?: boolean; jeton?: number } = {}) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/test/garage',
    payload: { email, jeton: options.jeton ?? 0, ownFranchise: options.ownFranchise ?? false },
  });
  if (created.statusCode !== 201) throw new Error(`test garage: ${created.statusCode} ${created.body}`);
  const body = created.json() as { email: string; companyId: number; franchiseId: number | null };
  return {
    email: body.email,
    companyId: body.companyId,
    franchiseId: body.franchiseId ?? 0,
    userId: await userIdOf(app, body.email),
    cookie: await login(app, body.email),
  };
}

/** A user of the owner's garage holding one lower role (the demo password; no invitation: a fixture). */
async function member(app: FastifyInstance, companyId: number, role: string, name: string): Promise<Session> {
  const [demo] = await app.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, 'poseur@demo.garage.fr'));
  if (!demo) throw new Error('no demo fitter');
  const email = `matrice.${role.toLowerCase()}.${randomBytes(4).toString('hex')}@test.garage.fr`;
  const [user] = await app.db
    .insert(users)
    .values({ email, name, firstname: role, passwordHash: demo.hash })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await app.db.insert(memberships).values({ userId: user.id, companyId, roles: [role] });
  return { email, userId: user.id, companyId, cookie: await login(app, email) };
}

/**
 * The owner's network: a franchisor heading its own franchise, the owner's garage and a sibling garage in it (both
 * centres, not head office: what a centre keeps is its own). Another franchisor's network and an independent garage.
 */
export async function createActors(app: FastifyInstance, ownerMark: string): Promise<Actors> {
  const head = await garage(app, 'franchiseur@demo.garage.fr', { ownFranchise: true });
  const owner = await garage(app, 'poseur.admin@demo.garage.fr', { jeton: 50 });
  const sibling = await garage(app, 'poseur.admin@demo.garage.fr');
  for (const centre of [owner, sibling]) {
    await app.db.update(companies).set({ franchiseId: head.franchiseId }).where(eq(companies.id, centre.companyId));
  }
  const otherNetwork = await garage(app, 'franchiseur@demo.garage.fr', { ownFranchise: true });
  const independent = await garage(app, 'poseur.admin@demo.garage.fr');
  return {
    owner,
    head,
    sibling,
    otherNetwork,
    independent,
    // Named with the owner's mark: the owner's user list carries it, no other garage's may.
    fitter: await member(app, owner.companyId, LOWER.fitter, ownerMark),
    accountant: await member(app, owner.companyId, LOWER.accountant, ownerMark),
    cmd: await member(app, owner.companyId, LOWER.cmd, ownerMark),
    customerService: await member(app, owner.companyId, LOWER.customerService, ownerMark),
    commercial: await member(app, owner.companyId, LOWER.commercial, ownerMark),
  };
}
