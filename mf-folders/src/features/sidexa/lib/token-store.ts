import { DEFAULT_SIDEXA_SCOPE, type SidexaScope } from 'contracts';

/*
 * The scoped token of a folder's lookup, kept for the tab's life (sessionStorage): generate-scoped with
 * `checkValidity` answers it as it is while it is still valid, so a search reopened a minute later reuses it.
 */

const keyOf = (folderId: number, scope: SidexaScope) => `sidexa-token:${scope}:${folderId}`;

export function readScopedToken(folderId: number, scope: SidexaScope = DEFAULT_SIDEXA_SCOPE): string | null {
  try {
    return sessionStorage.getItem(keyOf(folderId, scope));
  } catch {
    return null;
  }
}

export function storeScopedToken(folderId: number, token: string, scope: SidexaScope = DEFAULT_SIDEXA_SCOPE): void {
  try {
    sessionStorage.setItem(keyOf(folderId, scope), token);
  } catch {
    // Storage refused (private mode, quota): the next search asks for a new token, nothing else changes.
  }
}

export function forgetScopedToken(folderId: number, scope: SidexaScope = DEFAULT_SIDEXA_SCOPE): void {
  try {
    sessionStorage.removeItem(keyOf(folderId, scope));
  } catch {
    // Nothing stored.
  }
}
