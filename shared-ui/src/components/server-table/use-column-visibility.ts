import { useCallback, useState } from 'react';

/** dataIndex -> false when the user hid the column; absent means shown. */
export type Visibility = Record<string, boolean>;

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

/** The columns a user chose to see, remembered per table in localStorage (`visibleColumns-<tableKey>`). */
export function useColumnVisibility(tableKey: string) {
  const [visibility, setVisibility] = useState<Visibility>(() => readVisibility(tableKey));

  const toggleColumn = useCallback(
    (key: string) => {
      setVisibility((current) => {
        const next = { ...current, [key]: current[key] === false };
        writeVisibility(tableKey, next);
        return next;
      });
    },
    [tableKey],
  );

  return { visibility, toggleColumn };
}
