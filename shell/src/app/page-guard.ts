import { can, type DisplayTokenClaims, findPage, menuFor, type PageRoute } from 'contracts';

export type GuardResult = { kind: 'page'; page: PageRoute } | { kind: 'redirect'; to: string };

/** Where the home page sends someone who may not see the dashboard: their first menu entry. */
function firstAllowedPath(claims: DisplayTokenClaims): string {
  const user = { roles: claims.roles, isReferent: claims.isReferent, franchiseId: claims.franchiseId };
  const { main, more } = menuFor(user, 'default');
  const first = [...main, ...more][0];
  return first ? (first.children?.[0]?.href ?? first.href) : '/error/403';
}

/** The shell's route guard: unknown path -> 404, path the roles do not allow -> 403. Pure, so it is unit tested. */
export function guard(pathname: string, claims: DisplayTokenClaims): GuardResult {
  const page = findPage(pathname);
  if (!page) return { kind: 'redirect', to: '/error/404' };
  if (can(claims.roles, page.permission)) return { kind: 'page', page };
  if (page.path === '/') return { kind: 'redirect', to: firstAllowedPath(claims) };
  return { kind: 'redirect', to: '/error/403' };
}
