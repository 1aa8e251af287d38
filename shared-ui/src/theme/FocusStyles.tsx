import { theme } from 'antd';

/**
 * A visible focus ring on every link reached with the keyboard (WCAG 2.4.7): antd draws one around its buttons and
 * inputs, not around plain links, so a list's first-column links showed nothing while tabbed through.
 * `:focus-visible` keeps a mouse click ring-free.
 */
export function FocusStyles() {
  const { token } = theme.useToken();
  return (
    <style>{`a:focus-visible{outline:2px solid ${token.colorPrimary};outline-offset:2px;border-radius:2px}`}</style>
  );
}
