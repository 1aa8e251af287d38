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
  // Placeholders and empty-list texts (antd: 25 % black, 1.9:1).
  colorTextQuaternary: 'rgba(0, 0, 0, 0.56)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorError: '#c62828',
  // A primary button under the mouse (antd derives #368746 from the primary: 4.46:1 with its white text): a lighter
  // green that still reads at 4.9:1. A step that appears under the pointer is hovered from its first frame.
  colorPrimaryHover: '#2a8040',
  // Success texts (« Équilibré »): antd's #52c41a is 2.3:1 on white. The text token only: a darker seed would grey
  // every success background antd derives from it.
  colorSuccessText: '#237804',
  /**
   * Tags write their text in the 7th shade of their colour on the 1st: status tags (« En cours », « En attente de
   * validation », « Payée en partie ») and UNITÉS read at 2.0–4.4:1. These shades are the first of each palette
   * at 4.6:1 or more on its 1st shade (axe over every page, e2e/tests/accessibility.spec.ts).
   */
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
} as const;

/** The selected menu entry: the primary green on its light green (4.7:1), whatever the sider's background. */
const LIGHT_MENU = { itemSelectedColor: PRIMARY_GREEN, itemSelectedBg: '#e6f4ea' } as const;

/**
 * Whether the user asked their system for less motion (WCAG 2.3.3). Read once per page: the setting rarely changes
 * while a page is open, and the next page load picks the change up.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The product's antd theme. With `reducedMotion`, antd draws dialogs, drawers and menus in their final place at
 * once instead of zooming and sliding them in: a click aimed at a dialog that is still growing can land beside its
 * target. The browser tests run as such a user (`reducedMotion: 'reduce'` in e2e/playwright.config.ts).
 */
export function themeConfig(mode: ThemeMode, reducedMotion = prefersReducedMotion()): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      motion: !reducedMotion,
      ...(mode === 'light' ? LIGHT_READABLE : {}),
      colorPrimary: PRIMARY_GREEN,
      colorLink: PRIMARY_GREEN,
      borderRadius: 6,
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    components: mode === 'light' ? { Menu: LIGHT_MENU } : {},
  };
}
