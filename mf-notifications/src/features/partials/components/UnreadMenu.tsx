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

/** The server's unread menu (sanitized HTML). */
export function UnreadMenu({ html, onNavigate }: { html: string | undefined; onNavigate?: () => void }) {
  const follow = useInAppLinks();
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
      <SafeHtml html={html} />
    </div>
  );
}
