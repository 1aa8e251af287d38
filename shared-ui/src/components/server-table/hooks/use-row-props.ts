import { theme } from 'antd';
import type { HTMLAttributes } from 'react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

// A click on these inside a row is theirs: it must not also open the row.
const INTERACTIVE = 'a,button,input,select,textarea,label,[role="button"],[role="menuitem"],.ant-dropdown';

const isInteractive = (target: EventTarget) => target instanceof Element && target.closest(INTERACTIVE);

/**
 * The table's `onRow`: a disabled row is greyed and marked aria-disabled; with `rowHref` the whole row
 * opens its page (ctrl/cmd/shift-click and middle click in a new tab).
 */
export function useRowProps<T>(rowHref?: (row: T) => string | undefined, rowDisabled?: (row: T) => boolean) {
  const { token } = theme.useToken();
  const navigate = useNavigate();

  return useCallback(
    (row: T) => {
      const disabled = rowDisabled?.(row) ?? false;
      const attributes: HTMLAttributes<HTMLElement> & { 'aria-disabled'?: boolean } = {};
      if (disabled) {
        attributes['aria-disabled'] = true;
        attributes.style = {
          color: token.colorTextSecondary,
          background: token.colorFillTertiary,
          fontStyle: 'italic',
        };
      }
      const href = rowHref?.(row);
      if (href) {
        attributes.style = { ...attributes.style, cursor: 'pointer' };
        attributes.onClick = (event) => {
          if (isInteractive(event.target)) return;
          if (event.ctrlKey || event.metaKey || event.shiftKey) window.open(href, '_blank', 'noopener');
          else navigate(href);
        };
        attributes.onAuxClick = (event) => {
          if (event.button === 1 && !isInteractive(event.target)) window.open(href, '_blank', 'noopener');
        };
      }
      return attributes;
    },
    [rowDisabled, rowHref, navigate, token.colorTextSecondary, token.colorFillTertiary],
  );
}
