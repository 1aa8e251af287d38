import {
  ACTIVATION_MAIL_SUBJECT,
  ACTIVATION_TTL_HOURS,
  CENTRE_COLUMNS,
  CENTRE_EMAIL_TAKEN,
  CENTRE_FRANCHISE_MISMATCH,
  CENTRE_SIRET_TAKEN,
  type CentreColumn,
  type CentreInput,
  type CentreRow,
  type PagingQuery,
  PERMISSIONS,
} from 'contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { companies, invitations, memberships, outbox, technicians, users } from '../../db/schema';
import { conflict, invalid } from '../../lib/domain-error';
import { containsFilter, pagedList } from '../../lib/paged-list';
import { holdsPermission } from '../../lib/roles-sql';
import { isUniqueViolation } from '../../lib/unique-violation';
import { unusablePasswordHash } from '../auth/password';
import { inviteWithin } from '../garage-admin/invitations';
import { issueActivationToken } from './activation';
import { insertCompanyDefaults } from './company-defaults';

/**
 * The first admin fitter of a centre (by user id), else the one invited and yet to accept: who the list shows as
 * its "Poseur admin" (the same whether the address had an account or not: the list reveals no more than the answer).
 */
const adminOf = (column: SQL, invited: SQL) =>
  sql`coalesce((select ${column} from ${memberships} inner join ${users} on ${users.id} = ${memberships.userId}
    where ${memberships.companyId} = ${companies.id} and ${holdsPermission(memberships.roles, 'centreAdmin')}
    order by ${users.id} limit 1), (select ${invited} from ${invitations}
    where ${invitations.companyId} = ${companies.id} and ${invitations.acceptedAt} is null
    and ${invitations.cancelledAt} is null and ${holdsPermission(invitations.roles, 'centreAdmin')}
    order by ${invitations.id} limit 1))`;

const centreColumns: Record<CentreColumn, SQL> = {
  centreName: sql`${companies.name}`,
  centrePhone: sql`${companies.phone}`,
  centreSiret: sql`${companies.siret}`,
  adminName: adminOf(
    sql`nullif(trim(${users.firstname} || ' ' || ${users.name}), '')`,
    sql`nullif(trim(${invitations.firstname} || ' ' || ${invitations.name}), '')`,
  ),
  adminEmail: adminOf(sql`${users.email}`, sql`${invitations.email}`),
  createdDate: sql`${companies.createdAt}`,
};

/**
 * The centres of a franchise: its companies but the franchisor's own (those with a ROLE_FRANCHISEUR member),
 * server-paged, sorted by name by default.
 */
export async function listCentres(
  db: Database,
  franchiseId: number,
  query: PagingQuery,
): Promise<{ data: CentreRow[]; totalRecords: number }> {
  const centres = db
    .select({
      id: companies.id,
      centreName: companies.name,
      centrePhone: companies.phone,
      centreSiret: companies.siret,
      adminName: sql<string | null>`${centreColumns.adminName}`,
      adminEmail: sql<string | null>`${centreColumns.adminEmail}`,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .$dynamic();
  const { data: rows, totalRecords } = await pagedList(
    {
      rows: centres,
      count: db.select({ total: count() }).from(companies).$dynamic(),
      keys: CENTRE_COLUMNS,
      defaultSort: { sort: 'centreName', dir: 'asc' },
      sorts: centreColumns,
      nullsLast: true,
      tieBreak: [companies.id],
      search: [
        sql`search_fold(${companies.name})`,
        sql`regexp_replace(${companies.siret}, '\\s', '', 'g')`,
        sql`search_fold(${centreColumns.adminEmail})`,
      ],
      scope: and(
        eq(companies.franchiseId, franchiseId),
        sql`not exists (select 1 from ${memberships} where ${memberships.companyId} = ${companies.id}
          and ${holdsPermission(memberships.roles, 'networkHead')})`,
      ) as SQL,
      filters: Object.fromEntries(CENTRE_COLUMNS.map((key) => [key, containsFilter(centreColumns[key])])),
    },
    query,
  );
  return {
    data: rows.map(({ createdAt, ...row }) => ({ ...row, createdDate: createdAt.toISOString() })),
    totalRecords,
  };
}

export interface CreateCentreOptions {
  franchiseId: number;
  /** The franchisor creating the centre. */
  invitedBy: number;
  /** The page link of an activation token (`${origin}/activate/${token}`); called inside the transaction. */
  activationLink: (token: string) => string;
  /** The page link of an invitation token (`${origin}/invitation/${token}`), for an address that has an account. */
  invitationLink: (token: string) => string;
}

/**
 * A new account (ROLE_POSEUR_ADMIN of the centre, not activated) and its one-time activation mail, whose page asks
 * the admin for their own password: until then the account's hash is of a random secret nobody knows.
 */
async function createAdmin(
  tx: Transaction,
  centreId: number,
  input: CentreInput,
  unusableHash: string,
  options: CreateCentreOptions,
): Promise<number> {
  const [admin] = await tx
    .insert(users)
    .values({
      email: input.email,
      firstname: input.firstname,
      name: input.name,
      passwordHash: unusableHash,
      activatedAt: null,
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('admin not created');
  await tx.insert(memberships).values({ userId: admin.id, companyId: centreId, roles: [...PERMISSIONS.centreAdmin] });
  const token = await issueActivationToken(tx, admin.id, new Date(), { setsPassword: true });
  const link = options.activationLink(token);
  await tx.insert(outbox).values({
    channel: 'mail',
    companyId: centreId,
    to: input.email,
    subject: ACTIVATION_MAIL_SUBJECT,
    body: [
      `Bonjour ${input.firstname || input.name},`,
      '',
      `Le centre « ${input.company.name} » a été créé et vous en êtes l’administrateur.`,
      `Activez votre compte (${input.email}) et choisissez votre mot de passe en ouvrant ce lien, valable ${ACTIVATION_TTL_HOURS} heures :`,
      link,
    ].join('\n'),
  });
  return admin.id;
}

/** The owner of an existing account is invited as the centre's admin; their fitter row is linked later. */
async function inviteAdmin(
  tx: Transaction,
  centreId: number,
  input: CentreInput,
  options: CreateCentreOptions,
): Promise<null> {
  await inviteWithin(tx, {
    companyId: centreId,
    invitedBy: options.invitedBy,
    email: input.email,
    firstname: input.firstname || input.name,
    name: input.name,
    roles: [...PERMISSIONS.centreAdmin],
    link: options.invitationLink,
  });
  return null;
}

/**
 * A new centre of the franchise and its admin fitter, in ONE transaction: the company, its default statuses and
 * known-by list, the admin (ROLE_POSEUR_ADMIN, not activated), their technician row, a one-time activation token
 * and the activation e-mail in the outbox. Any failure leaves nothing behind.
 */
export async function createCentre(db: Database, input: CentreInput, options: CreateCentreOptions): Promise<void> {
  if (input.company.franchiseId !== options.franchiseId) throw invalid(CENTRE_FRANCHISE_MISMATCH);
  const unusableHash = await unusablePasswordHash();
  try {
    await db.transaction(async (tx) => {
      // Two franchisors typing the same SIRET at once: the second waits, then sees the first's centre.
      await tx.execute(sql`select pg_advisory_xact_lock(20260111, hashtext(${input.company.siret}))`);
      const [twin] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.siret, input.company.siret))
        .limit(1);
      if (twin) throw conflict(CENTRE_SIRET_TAKEN);

      const { franchiseurId: _franchisor, ...company } = input.company;
      const [centre] = await tx
        .insert(companies)
        .values({ ...company, franchiseId: options.franchiseId })
        .returning({ id: companies.id });
      if (!centre) throw new Error('centre not created');
      await insertCompanyDefaults(tx, centre.id);

      // The address already has an account (in another garage): it is never attached behind its owner's back, nor
      // is its existence revealed to the franchisor (same answer). Its owner is invited as the centre's admin instead.
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      const adminId = taken
        ? await inviteAdmin(tx, centre.id, input, options)
        : await createAdmin(tx, centre.id, input, unusableHash, options);
      await tx.insert(technicians).values({
        companyId: centre.id,
        userId: adminId,
        name: `${input.firstname} ${input.name}`.trim(),
        email: input.email,
        phone: input.company.phone,
      });
    });
  } catch (error) {
    // The unique index on users.email catches what the check above could not see (another transaction's insert).
    if (isUniqueViolation(error)) throw conflict(CENTRE_EMAIL_TAKEN);
    throw error;
  }
}
