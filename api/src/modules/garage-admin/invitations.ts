import { createHash, randomBytes } from 'node:crypto';
import {
  CENTRE_MESSAGES,
  formatParisDate,
  INVITATION_ACCOUNT_APPEARED,
  INVITATION_CLOSED,
  INVITATION_COLUMNS,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_MAIL_SUBJECT,
  INVITATION_NOT_FOUND,
  INVITATION_TTL_DAYS,
  INVITATION_WRONG_PASSWORD,
  type InvitationAcceptBody,
  type InvitationInfo,
  type InvitationSent,
  PASSWORD_MIN_LENGTH,
  type PagingQuery,
  type PendingInvitation,
  ROLE_LABELS,
  type Role,
} from 'contracts';
import { and, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { companies, invitations, memberships, outbox, technicians, users } from '../../db/schema';
import { conflict, gone, invalid, notFound } from '../../lib/domain-error';
import { containsFilter, pagedList } from '../../lib/paged-list';
import { hashPassword, verifyPassword } from '../auth/password';

/** Only the sha256 of a link's token is stored: a stolen database yields no working link. */
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const pending = sql`${invitations.acceptedAt} is null and ${invitations.cancelledAt} is null`;

export interface InviteInput {
  companyId: number;
  invitedBy: number;
  email: string;
  firstname: string;
  name: string;
  roles: string[];
  /** The page of the link, e.g. `https://garage.example.fr/invitation/${token}`. */
  link: (token: string) => string;
}

const invitationMail = (input: InviteInput, companyName: string, link: string, expiresAt: Date) =>
  [
    `Bonjour ${input.firstname},`,
    '',
    `Vous êtes invité(e) à rejoindre le garage « ${companyName} » (${input.roles
      .map((role) => ROLE_LABELS[role as Role] ?? role)
      .join(', ')}).`,
    'Pour accepter, ouvrez ce lien : si vous avez déjà un compte, confirmez avec votre mot de passe habituel ;',
    'sinon, choisissez votre mot de passe.',
    link,
    '',
    `Ce lien est valable jusqu’au ${formatParisDate(expiresAt)}.`,
    'Si vous n’attendiez pas cette invitation, ignorez ce message : rien ne change sans votre accord.',
  ].join('\n');

/** The pending invitation (replacing an older one) and its mail, unless the address is already a member. */
async function recordAndMail(tx: Transaction, input: InviteInput, roles: string[], expiresAt: Date, now: Date) {
  const [member] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, input.email), eq(memberships.companyId, input.companyId)));
  if (member) return;
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, input.companyId));
  const token = randomBytes(32).toString('base64url');
  const values = {
    tokenHash: hashToken(token),
    companyId: input.companyId,
    email: input.email,
    firstname: input.firstname,
    name: input.name,
    roles,
    invitedBy: input.invitedBy,
    expiresAt,
    createdAt: now,
  };
  await tx
    .insert(invitations)
    .values(values)
    .onConflictDoUpdate({
      target: [invitations.companyId, invitations.email],
      targetWhere: pending,
      set: values,
    });
  await tx.insert(outbox).values({
    channel: 'mail',
    companyId: input.companyId,
    to: input.email,
    subject: INVITATION_MAIL_SUBJECT,
    body: invitationMail(input, company?.name ?? '', input.link(token), expiresAt),
  });
}

/**
 * Invites `email` into a garage. Nothing is attached until the owner of the address accepts. The answer is built
 * from what the admin typed alone and is the same whether the address has an account, already belongs to the
 * garage (then nothing is sent: the admin sees them in the list) or is unknown: it reveals nothing of other
 * accounts. Inviting an address again replaces its pending invitation (the older link stops working).
 */
export const invite = (db: Database, input: InviteInput): Promise<InvitationSent> =>
  db.transaction((tx) => inviteWithin(tx, input));

/** `invite`, inside the caller's transaction (a new centre invites its admin when the address has an account). */
export async function inviteWithin(tx: Transaction, input: InviteInput, now = new Date()): Promise<InvitationSent> {
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3_600_000);
  const roles = [...new Set(input.roles)];
  await recordAndMail(tx, input, roles, expiresAt, now);
  return {
    status: 'pending',
    email: input.email,
    firstname: input.firstname,
    name: input.name,
    roles,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The invitation of a link, or the French reason it cannot be used (404 unknown, 410 closed or expired). */
async function openInvitation(db: Database | Transaction, token: string, lock = false) {
  const query = db
    .select({
      id: invitations.id,
      companyId: invitations.companyId,
      email: invitations.email,
      firstname: invitations.firstname,
      name: invitations.name,
      roles: invitations.roles,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      cancelledAt: invitations.cancelledAt,
    })
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(INVITATION_INVALID);
  if (row.acceptedAt || row.cancelledAt) throw gone(INVITATION_CLOSED);
  if (row.expiresAt.getTime() <= Date.now()) throw gone(INVITATION_EXPIRED);
  return row;
}

/** What the link's page shows its holder (the owner of the address): the garage, the roles, whether to sign in. */
export async function readInvitation(db: Database, token: string): Promise<InvitationInfo> {
  const row = await openInvitation(db, token);
  const [[company], [account]] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId)),
    db.select({ id: users.id }).from(users).where(eq(users.email, row.email)),
  ]);
  return {
    email: row.email,
    firstname: row.firstname,
    companyName: company?.name ?? '',
    roles: row.roles,
    hasAccount: account !== undefined,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Accepts once: an existing account proves it is its owner's with its own password; a new address chooses one
 * (the account is created already activated: the link proved the address). The membership and the used mark are
 * written in one transaction, the invitation row locked so two clicks make one membership.
 */
export async function acceptInvitation(db: Database, token: string, body: InvitationAcceptBody): Promise<void> {
  const invitation = await openInvitation(db, token);
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, invitation.email));
  let passwordHash: string | undefined;
  if (existing) {
    if (!(await verifyPassword(body.password, existing.passwordHash))) {
      throw invalid(INVITATION_WRONG_PASSWORD);
    }
  } else {
    if (body.password.length < PASSWORD_MIN_LENGTH) throw invalid(CENTRE_MESSAGES.passwordTooShort);
    if (body.password !== body.confirmation) throw invalid(CENTRE_MESSAGES.passwordMismatch);
    passwordHash = await hashPassword(body.password);
  }
  await db.transaction(async (tx) => {
    const row = await openInvitation(tx, token, true);
    let userId = existing?.id;
    if (userId === undefined) {
      const [created] = await tx
        .insert(users)
        .values({ email: row.email, firstname: row.firstname, name: row.name, passwordHash: passwordHash ?? '' })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      // Someone created this address's account meanwhile: its owner must confirm with that account's password.
      if (!created) throw conflict(INVITATION_ACCOUNT_APPEARED);
      userId = created.id;
    }
    await tx
      .insert(memberships)
      .values({ userId, companyId: row.companyId, roles: row.roles })
      .onConflictDoUpdate({
        target: [memberships.userId, memberships.companyId],
        set: { roles: row.roles, active: true },
      });
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, row.id));
    // The link proved the address: an account still waiting for its activation link is active now.
    await tx
      .update(users)
      .set({ activatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.activatedAt)));
    // A fitter row written for this address (a new centre's admin) becomes theirs: their day on the calendar.
    await tx
      .update(technicians)
      .set({ userId })
      .where(
        and(eq(technicians.companyId, row.companyId), eq(technicians.email, row.email), isNull(technicians.userId)),
      );
  });
}

const inviterName = sql<string | null>`(select nullif(trim(${users.firstname} || ' ' || ${users.name}), '')
  from ${users} where ${users.id} = ${invitations.invitedBy})`;
const invitationSorts: Record<(typeof INVITATION_COLUMNS)[number], SQL> = {
  email: sql`${invitations.email}`,
  name: sql`trim(${invitations.firstname} || ' ' || ${invitations.name})`,
  expiresAt: sql`${invitations.expiresAt}`,
};

/** The pending, unexpired invitations of `companyIds`, server-paged, newest first. */
export async function listPendingInvitations(
  db: Database,
  companyIds: number[],
  query: PagingQuery,
): Promise<{ data: PendingInvitation[]; totalRecords: number }> {
  if (companyIds.length === 0) return { data: [], totalRecords: 0 };
  const { data: rows, totalRecords } = await pagedList(
    {
      rows: db
        .select({
          id: invitations.id,
          email: invitations.email,
          firstname: invitations.firstname,
          name: invitations.name,
          roles: invitations.roles,
          companyName: companies.name,
          invitedBy: inviterName,
          createdAt: invitations.createdAt,
          expiresAt: invitations.expiresAt,
        })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .$dynamic(),
      count: db.select({ total: count() }).from(invitations).$dynamic(),
      keys: INVITATION_COLUMNS,
      defaultSort: { sort: 'expiresAt', dir: 'desc' },
      sorts: invitationSorts,
      tieBreak: [desc(invitations.id)],
      search: [sql`search_fold(${invitations.email})`, sql`search_fold(${invitationSorts.name})`],
      scope: and(inArray(invitations.companyId, companyIds), gt(invitations.expiresAt, new Date()), pending) as SQL,
      filters: { email: containsFilter(invitationSorts.email), name: containsFilter(invitationSorts.name) },
    },
    query,
  );
  return {
    data: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
    totalRecords,
  };
}

/** Cancels a pending invitation of `companyIds` (its link stops working at once); 404 for any other. */
export async function cancelInvitation(db: Database, companyIds: number[], id: number): Promise<void> {
  if (companyIds.length === 0) throw notFound(INVITATION_NOT_FOUND);
  const [cancelled] = await db
    .update(invitations)
    .set({ cancelledAt: new Date() })
    .where(and(eq(invitations.id, id), inArray(invitations.companyId, companyIds), pending))
    .returning({ id: invitations.id });
  if (!cancelled) throw notFound(INVITATION_NOT_FOUND);
}
