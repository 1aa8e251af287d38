import { ALL_COMPANIES_ID, type DisplayTokenClaims } from 'contracts';
import { and, asc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Database } from '../../db';
import { companies, memberships, users } from '../../db/schema';
import type { AuthContext } from './auth-context';

/** What the shell shows (name, roles, companies, UNITÉS); it is never accepted as a credential. */
export async function displayClaims(db: Database, auth: AuthContext): Promise<DisplayTokenClaims> {
  const [user] = await db
    .select({ email: users.email, name: users.name, firstname: users.firstname })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw new Error(`user ${auth.userId} not found`);
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      franchiseId: companies.franchiseId,
      jeton: companies.jeton,
      roles: memberships.roles,
      isReferent: memberships.isReferent,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, auth.userId), eq(memberships.active, true)))
    .orderBy(asc(companies.id));
  const scope = rows.filter((row) => auth.companyIds.includes(row.id));
  const selected = auth.selectedCompanyId === ALL_COMPANIES_ID ? undefined : scope[0];
  return {
    name: `${user.firstname} ${user.name}`.trim(),
    email: user.email,
    roles: auth.roles,
    companyId: auth.selectedCompanyId,
    franchiseId: selected?.franchiseId ?? null,
    companies: rows.map((row) => ({ id: row.id, name: row.name, roles: row.roles })),
    jeton: scope.reduce((sum, row) => sum + row.jeton, 0),
    isReferent: scope.some((row) => row.isReferent),
  };
}

/**
 * Signed to end with the session's access window (`expiresAt`): the browser renews the session when the token says
 * so, and a token signed later in a session's life (another garage chosen) must not promise it more time.
 */
export async function signDisplayToken(claims: DisplayTokenClaims, secret: string, expiresAt: Date): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
}
