import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import type { ReactNode } from 'react';
import { queryClient } from '../runtime/query-client';
import { FocusStyles } from './FocusStyles';
import { useTheme } from './theme-store';
import { themeConfig } from './tokens';

dayjs.locale('fr');

/**
 * Every tree of the product (shell, remote standalone page, Storybook) renders
 * inside this: French locale for antd and pro-components (their default is
 * Chinese), the green theme in the user's mode, and antd's App context so
 * toasts and modals pick the theme up; a visible focus on links; the page's one cache of server answers
 * (a test gives each render a cache of its own).
 */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  const mode = useTheme((state) => state.mode);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={frFR} theme={themeConfig(mode)}>
        <AntApp>{children}</AntApp>
        {/* After the tree: the root's first child stays the visible app (Storybook's check waits for it). */}
        <FocusStyles />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
