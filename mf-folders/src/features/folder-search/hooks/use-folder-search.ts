import { type FolderSearchItem, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from 'contracts';
import { useEffect, useState } from 'react';
import { useDebouncedValue, useSession } from 'shared-ui';
import { searchFolders } from '../../../api/search-folders';

/**
 * The folders of the selected garage matching what is typed, as the global search finds them (plate in any format,
 * customer, phone, claim or folder number): from 2 characters, 300 ms after the last keystroke; an answer to an
 * older text is dropped.
 */
export function useFolderSearch(text: string): { results: FolderSearchItem[]; loading: boolean; searching: boolean } {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<FolderSearchItem[]>([]);
  const [loading, setLoading] = useState(false);
  const searching = query.length >= SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!searching) {
      setResults([]);
      return;
    }
    let current = true;
    setLoading(true);
    searchFolders(companyId, query)
      .then((found) => current && setResults(found))
      // Logged by the HTTP client; the list says nothing was found.
      .catch(() => current && setResults([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [companyId, query, searching]);

  return { results, loading, searching };
}
