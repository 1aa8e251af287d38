import { type DisplayTokenClaims, displayTokenClaimsSchema } from 'contracts';
import { jwtDecode } from 'jwt-decode';
import { create } from 'zustand';

const STORAGE_KEY = 'garage.displayToken';

export interface SessionState {
  /** The display token (UI only; the credential is the httpOnly cookie). */
  token: string | null;
  claims: DisplayTokenClaims | null;
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

function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function stateFor(token: string | null) {
  const claims = decode(token);
  return { token: claims ? token : null, claims, jeton: claims?.jeton ?? 0 };
}

/**
 * The session store, shared as a Module Federation singleton: the shell and
 * every remote read the same instance. Kept in localStorage so a reload keeps
 * the display (the server still decides with the cookie).
 */
export const useSession = create<SessionState>()((set) => ({
  ...stateFor(readStoredToken()),
  setToken: (token) => {
    const next = stateFor(token);
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
