import { type ThemeConfig, theme } from 'antd';
import type { ThemeMode } from './theme-store';

/** Primary green of the product. Contrast checked against white text (WCAG AA for buttons). */
export const PRIMARY_GREEN = '#1e7b34';

export const LAYOUT = {
  sideWidth: 220,
  sideMiniWidth: 88,
  topBarHeight: 64,
  sideOpenMinWidth: 1200,
} as const;

export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_GREEN,
      colorLink: PRIMARY_GREEN,
      borderRadius: 6,
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
  };
}
