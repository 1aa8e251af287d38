import { theme } from 'antd';
import { useState } from 'react';

export const CONTENT_ID = 'contenu';

/**
 * « Aller au contenu »: the first stop of the keyboard on every page, visible only once focused, so that a keyboard
 * user skips the top bar and the menu (17 Tab presses reached « Nouveau client » before).
 */
export function SkipLink() {
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${CONTENT_ID}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(CONTENT_ID)?.focus();
      }}
      style={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 2000,
        padding: '8px 16px',
        background: token.colorPrimary,
        color: token.colorWhite,
        borderRadius: token.borderRadius,
        transform: focused ? 'none' : 'translateY(-200%)',
      }}
    >
      Aller au contenu
    </a>
  );
}
