import { ALL_COMPANIES_ID, can, type Permission } from 'contracts';

export interface MembershipInfo {
  companyId: number;
  roles: string[];
  isReferent: boolean;
}

/** Who is calling and which companies they may see, set on `request.auth` by `app.authenticate`. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  /** When the session's access window closes: the display tokens signed for it end then too. */
  accessExpiresAt: Date;
  /** 0 = TOUT (all of the user's companies). */
  selectedCompanyId: number;
  /** The scope every query must be limited to: the selected company, or all of the user's for TOUT. */
  companyIds: number[];
  /** All of the user's memberships, in company id order. */
  memberships: MembershipInfo[];
  /** Union of the roles held over the scope. */
  roles: string[];
  /**
   * The permission the route asked (`requirePermission`): a garage named by the request is then one where the caller
   * holds it themselves (`assertCompanyInScope`), not one where another of their roles lets them in.
   */
  permission?: Permission;
}

export function buildAuthContext(
  session: { id: string; userId: number; selectedCompanyId: number; accessExpiresAt: Date },
  memberships: MembershipInfo[],
): AuthContext {
  const inScope =
    session.selectedCompanyId === ALL_COMPANIES_ID
      ? memberships
      : memberships.filter((m) => m.companyId === session.selectedCompanyId);
  return {
    userId: session.userId,
    sessionId: session.id,
    accessExpiresAt: session.accessExpiresAt,
    selectedCompanyId: session.selectedCompanyId,
    companyIds: inScope.map((m) => m.companyId),
    memberships,
    roles: [...new Set(inScope.flatMap((m) => m.roles))],
  };
}

/**
 * The request's scope for a route guarded by `permission`: under TOUT the union of roles may hold it through some
 * garages only (accountant of A, fitter of B), and the route then acts in those garages alone; every query scoped
 * to `companyIds` follows. A single selected garage is left as it is.
 */
export function narrowToPermission(auth: AuthContext, permission: Permission): AuthContext {
  const inScope = auth.memberships.filter((m) => auth.companyIds.includes(m.companyId) && can(m.roles, permission));
  if (inScope.length === auth.companyIds.length) return { ...auth, permission };
  return {
    ...auth,
    permission,
    companyIds: inScope.map((m) => m.companyId),
    roles: [...new Set(inScope.flatMap((m) => m.roles))],
  };
}
