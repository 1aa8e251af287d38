import { theme } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SafeHtml } from 'shared-ui';

/** Same-origin links of server HTML navigate inside the app instead of reloading the page. */
export function useInAppLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    navigate(href);
  };
}

/**
 * How the server's menu reads in the drawer: a count in small grey, then compact rows (no bullets), the folder as a
 * tag; scoped to the menu's class (antd's tokens: the theme's colours, contrast included).
 */
function menuStyles(token: ReturnType<typeof theme.useToken>['token']) {
  return `
.notification-partials-menu { margin: 8px 0 4px; }
.notification-partials-menu .notification-menu__count,
.notification-partials-menu .notification-menu__more { margin: 4px 0; font-size: ${token.fontSizeSM}px; color: ${token.colorTextSecondary}; }
.notification-partials-menu ul { list-style: none; margin: 0; padding: 0; }
.notification-partials-menu li { display: flex; gap: 8px; align-items: baseline; justify-content: space-between; padding: 6px 0; border-bottom: 1px solid ${token.colorSplit}; }
.notification-partials-menu li span { color: ${token.colorTextSecondary}; }
.notification-partials-menu .notification-menu__folder { flex: none; padding: 0 6px; border-radius: ${token.borderRadiusSM}px; background: ${token.colorFillTertiary}; font-size: ${token.fontSizeSM}px; }
`;
}

/** The server's unread menu (sanitized HTML). */
export function UnreadMenu({ html, onNavigate }: { html: string | undefined; onNavigate?: () => void }) {
  const follow = useInAppLinks();
  const { token } = theme.useToken();
  if (!html) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation only; the links inside stay the interactive elements.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a keyboard Enter on a link fires this click too.
    <div
      className="notification-partials-menu"
      onClick={(event) => {
        follow(event);
        if (event.defaultPrevented) onNavigate?.();
      }}
    >
      <style>{menuStyles(token)}</style>
      <SafeHtml html={html} />
    </div>
  );
}
