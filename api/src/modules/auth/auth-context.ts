import { ALL_COMPANIES_ID } from 'contracts';

export interface MembershipInfo {
  companyId: number;
  roles: string[];
  isReferent: boolean;
}

/** Who is calling and which companies they may see, set on `request.auth` by `app.authenticate`. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  /** 0 = TOUT (all of the user's companies). */
  selectedCompanyId: number;
  /** The scope every query must be limited to: the selected company, or all of the user's for TOUT. */
  companyIds: number[];
  /** All of the user's memberships, in company id order. */
  memberships: MembershipInfo[];
  /** Union of the roles held over the scope. */
  roles: string[];
}

export function buildAuthContext(
  session: { id: string; userId: number; selectedCompanyId: number },
  memberships: MembershipInfo[],
): AuthContext {
  const inScope =
    session.selectedCompanyId === ALL_COMPANIES_ID
      ? memberships
      : memberships.filter((m) => m.companyId === session.selectedCompanyId);
  return {
    userId: session.userId,
    sessionId: session.id,
    selectedCompanyId: session.selectedCompanyId,
    companyIds: inScope.map((m) => m.companyId),
    memberships,
    roles: [...new Set(inScope.flatMap((m) => m.roles))],
  };
}
