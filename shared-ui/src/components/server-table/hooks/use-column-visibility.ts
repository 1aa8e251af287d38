import { useCallback, useMemo, useState } from 'react';

/** dataIndex -> the user's choice for that column; absent means the column's default. */
export type Visibility = Record<string, boolean>;

/** What a column says about its own visibility (ServerColumn's `dataIndex` and `secondary`). */
export interface ColumnShape {
  dataIndex: string;
  secondary?: boolean;
}

/** Whether a column is on screen: the user's choice, else shown unless it is secondary. */
export type IsShown = (column: ColumnShape) => boolean;

export const isShownBy =
  (visibility: Visibility): IsShown =>
  (column) =>
    visibility[column.dataIndex] ?? !column.secondary;

const storageKey = (tableKey: string) => `visibleColumns-${tableKey}`;

function readVisibility(tableKey: string): Visibility {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(tableKey)) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Visibility) : {};
  } catch {
    return {};
  }
}

function writeVisibility(tableKey: string, visibility: Visibility): void {
  try {
    localStorage.setItem(storageKey(tableKey), JSON.stringify(visibility));
  } catch {
    // Storage full or blocked: the choice lasts for this page.
  }
}

/**
 * The columns a user chose to see, remembered per table in localStorage (`visibleColumns-<tableKey>`). Key
 * columns show by default; secondary ones wait in the column selector, so that a list fits at 1280 px.
 */
export function useColumnVisibility(tableKey: string, columns: readonly ColumnShape[]) {
  const [visibility, setVisibility] = useState<Visibility>(() => readVisibility(tableKey));
  const isShown = useMemo(() => isShownBy(visibility), [visibility]);

  const toggleColumn = useCallback(
    (key: string) => {
      const column = columns.find((candidate) => candidate.dataIndex === key) ?? { dataIndex: key };
      setVisibility((current) => {
        const next = { ...current, [key]: !isShownBy(current)(column) };
        writeVisibility(tableKey, next);
        return next;
      });
    },
    [tableKey, columns],
  );

  return { isShown, toggleColumn };
}
