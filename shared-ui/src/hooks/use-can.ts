import { can, type Permission } from 'contracts';
import { useCallback } from 'react';
import { useSession } from '../runtime/session-store';

const NO_ROLES: readonly string[] = [];

/**
 * What the signed-in user may do, read from the one permission table (contracts `PERMISSIONS`) with the roles of the
 * session: `useCan('folderEdit')` answers for one permission; `useCan()` answers a check to call with a permission
 * known only while rendering (one per document type of a list). The server checks again: this only hides or disables
 * what would be refused.
 */
export function useCan(permission: Permission): boolean;
export function useCan(): (permission: Permission) => boolean;
export function useCan(permission?: Permission): boolean | ((permission: Permission) => boolean) {
  const roles = useSession((state) => state.claims?.roles ?? NO_ROLES);
  const check = useCallback((asked: Permission) => can(roles, asked), [roles]);
  return permission === undefined ? check : check(permission);
}
