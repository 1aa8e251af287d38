import { type ReactNode, useEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Decorator, Preview } from 'storybook-react-rsbuild';
import { AppProviders } from '../src/theme/app-providers';
import { type ThemeMode, useTheme } from '../src/theme/theme-store';

function ThemeFromToolbar({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  const setMode = useTheme((state) => state.setMode);
  useEffect(() => setMode(mode), [mode, setMode]);
  return <>{children}</>;
}

/** Every story renders inside what the shell gives a page: router, French antd, theme, App context. */
const withAppProviders: Decorator = (Story, context) => {
  const mode: ThemeMode = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <MemoryRouter>
      <ThemeFromToolbar mode={mode}>
        <AppProviders>
          <div lang="fr" style={{ padding: 16, background: mode === 'dark' ? '#141414' : '#ffffff' }}>
            <Story />
          </div>
        </AppProviders>
      </ThemeFromToolbar>
    </MemoryRouter>
  );
};

const preview: Preview = {
  decorators: [withAppProviders],
  globalTypes: {
    theme: {
      description: 'Thème clair ou sombre',
      toolbar: {
        title: 'Thème',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Clair' },
          { value: 'dark', title: 'Sombre' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
  },
};

// Storybook loads its preview file through a default export.
export default preview;
