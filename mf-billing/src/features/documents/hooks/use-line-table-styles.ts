import { theme } from 'antd';
import type { CSSProperties } from 'react';

/** The lines' table look, shared with the read-only view: a plain table, antd's Table is not needed for it. */
export function useLineTableStyles() {
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: '6px 8px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    verticalAlign: 'top',
    textAlign: 'left',
  };
  return {
    table: { width: '100%', borderCollapse: 'collapse', fontSize: token.fontSize } as CSSProperties,
    head: { ...cell, background: token.colorFillAlter, fontWeight: 600, whiteSpace: 'nowrap' } as CSSProperties,
    cell,
    amount: { ...cell, textAlign: 'right', whiteSpace: 'nowrap' } as CSSProperties,
    dropTarget: { boxShadow: `inset 0 2px 0 ${token.colorPrimary}` } as CSSProperties,
  };
}
