import { type RefObject, useEffect } from 'react';

/**
 * antd moves the table's header with its body's scroll, not the other way round. Tabbing to a column filter off
 * screen scrolls the header alone (its overflow is hidden), which then stood hundreds of pixels away from the
 * columns below it: the body follows the header here.
 */
export function useHeaderFollowsFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const follow = (event: Event) => {
      const header = event.target;
      if (!(header instanceof HTMLElement) || !header.classList.contains('ant-table-header')) return;
      const body = root.querySelector<HTMLElement>('.ant-table-body');
      if (body && body.scrollLeft !== header.scrollLeft) body.scrollLeft = header.scrollLeft;
    };
    // Scroll events do not bubble: listened to on the way down.
    root.addEventListener('scroll', follow, true);
    return () => root.removeEventListener('scroll', follow, true);
  }, [ref]);
}
