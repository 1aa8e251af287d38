import { type DisplayTokenClaims, displayTokenClaimsSchema } from 'contracts';
import { jwtDecode } from 'jwt-decode';
import { create } from 'zustand';

const STORAGE_KEY = 'garage.displayToken';

export interface SessionState {
  /** The display token (UI only; the credential is the httpOnly cookie). */
  token: string | null;
  claims: DisplayTokenClaims | null;
  /**
   * When the server's access window closes (ms, this browser's clock), from the token's `iat`/`exp`: a call made after
   * it first renews the session, so it is never refused with a 401 the user would see in the console.
   */
  expiresAt: number | null;
  /** Units balance shown as UNITÉS; starts from the token's `jeton`, updated after a consumption. */
  jeton: number;
  setToken: (token: string | null) => void;
  setJeton: (jeton: number) => void;
}

function decode(token: string | null): DisplayTokenClaims | null {
  if (!token) return null;
  try {
    const parsed = displayTokenClaimsSchema.safeParse(jwtDecode(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The token's end on this browser's clock: a token just received lasts `exp - iat` from now (the server's clock may
 * be off); one read back after a reload is trusted to its `exp`.
 */
function expiryOf(token: string | null, fresh: boolean): number | null {
  if (!token) return null;
  try {
    const { iat, exp } = jwtDecode<{ iat?: number; exp?: number }>(token);
    if (typeof exp !== 'number') return null;
    return fresh && typeof iat === 'number' ? Date.now() + (exp - iat) * 1000 : exp * 1000;
  } catch {
    return null;
  }
}

function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function stateFor(token: string | null, fresh: boolean) {
  const claims = decode(token);
  return {
    token: claims ? token : null,
    claims,
    jeton: claims?.jeton ?? 0,
    expiresAt: claims ? expiryOf(token, fresh) : null,
  };
}

/**
 * The session store, shared as a Module Federation singleton: the shell and
 * every remote read the same instance. Kept in localStorage so a reload keeps
 * the display (the server still decides with the cookie).
 */
export const useSession = create<SessionState>()((set) => ({
  ...stateFor(readStoredToken(), false),
  setToken: (token) => {
    const next = stateFor(token, true);
    try {
      if (next.token) localStorage.setItem(STORAGE_KEY, next.token);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Private mode: the session still works for this tab.
    }
    set(next);
  },
  setJeton: (jeton) => set({ jeton }),
}));

export const selectClaims = (state: SessionState) => state.claims;
