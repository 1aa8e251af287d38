import { SIDEXA_TOKEN_LIFETIME_S } from 'contracts';
import { jwtVerify, SignJWT } from 'jose';

/*
 * The scoped token of a lookup: HS256 with the session secret, audience "sidexa" (the display token has none, so
 * neither is ever taken for the other), 15 minutes. It proves the folder's unit was consumed: only a lookup row,
 * created by the consumption, gets one. It is not a credential on its own: the session cookie still is.
 */

const AUDIENCE = 'sidexa';
const ISSUER = 'garage-api';

export interface ScopedClaims {
  lookupId: number;
  folderId: number;
  companyId: number;
  tokenId: string;
  scope: string;
  registration: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signScopedToken(
  secret: string,
  claims: ScopedClaims,
  lifetimeSeconds = SIDEXA_TOKEN_LIFETIME_S,
): Promise<{ token: string; expiresAt: string }> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + lifetimeSeconds;
  const token = await new SignJWT({
    lid: claims.lookupId,
    fid: claims.folderId,
    cid: claims.companyId,
    tid: claims.tokenId,
    scope: claims.scope,
    reg: claims.registration,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The claims of a token this server signed for a lookup and that has not expired; undefined for anything else. */
export async function verifyScopedToken(
  secret: string,
  token: string | undefined,
): Promise<(ScopedClaims & { expiresAt: number }) | undefined> {
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
    });
    const { lid, fid, cid, tid, scope, reg, exp } = payload;
    if (
      typeof lid !== 'number' ||
      typeof fid !== 'number' ||
      typeof cid !== 'number' ||
      typeof tid !== 'string' ||
      typeof scope !== 'string' ||
      typeof reg !== 'string' ||
      typeof exp !== 'number'
    ) {
      return undefined;
    }
    return { lookupId: lid, folderId: fid, companyId: cid, tokenId: tid, scope, registration: reg, expiresAt: exp };
  } catch {
    return undefined;
  }
}
