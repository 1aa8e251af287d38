import type { ThemeConfig } from 'antd';
// Deep import on purpose: the login page reads this file without loading the shared antd (see
// rspack-config/shared-deps.mjs); in the apps it is the very module the shared antd re-exports.
import theme from 'antd/es/theme';
import type { ThemeMode } from './theme-store';

/** Primary green of the product. Contrast checked against white text (WCAG AA for buttons). */
export const PRIMARY_GREEN = '#1e7b34';

export const LAYOUT = {
  sideWidth: 220,
  sideMiniWidth: 88,
  topBarHeight: 64,
  sideOpenMinWidth: 1200,
} as const;

/**
 * antd's light greys (secondary text at 45 % black, error red #ff4d4f) fall under the 4.5:1 contrast
 * ratio of WCAG AA on white; these keep descriptions, placeholders of empty states and error messages
 * readable (checked by axe in the Storybook smoke test).
 */
const LIGHT_READABLE = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorError: '#c62828',
} as const;

export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      ...(mode === 'light' ? LIGHT_READABLE : {}),
      colorPrimary: PRIMARY_GREEN,
      colorLink: PRIMARY_GREEN,
      borderRadius: 6,
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
  };
}
