import { create } from 'zustand';

export type ThemeMode = 'light' | 'dark';

const keyFor = (user: string | undefined) => `garage.theme.${user ?? 'anonymous'}`;

function readMode(user: string | undefined): ThemeMode {
  try {
    return localStorage.getItem(keyFor(user)) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

interface ThemeState {
  mode: ThemeMode;
  user: string | undefined;
  /** Loads the mode chosen by this user (the switch is kept per user). */
  loadUserMode: (user: string | undefined) => void;
  setMode: (mode: ThemeMode) => void;
}

export const useTheme = create<ThemeState>()((set, get) => ({
  mode: readMode(undefined),
  user: undefined,
  loadUserMode: (user) => set({ user, mode: readMode(user) }),
  setMode: (mode) => {
    try {
      localStorage.setItem(keyFor(get().user), mode);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
    set({ mode });
  },
}));
