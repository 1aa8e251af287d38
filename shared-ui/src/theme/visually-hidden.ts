import type { CSSProperties } from 'react';

/**
 * Out of sight but still in the page: read by screen readers, reached by labels and tests (a hidden native input, a
 * live region, the text of an icon button).
 */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
