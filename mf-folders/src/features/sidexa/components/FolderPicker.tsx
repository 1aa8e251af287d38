import { Select } from 'antd';
import { type FolderSearchItem, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, SEARCH_NOT_FOUND } from 'contracts';
import { useEffect, useState } from 'react';
import { useDebouncedValue, useSession } from 'shared-ui';
import { searchFolders } from '../../folder-search/api/search-folders';

export const FOLDER_PICKER_LABEL = 'Dossier';
const TYPE_MORE = `Tapez au moins ${SEARCH_MIN_CHARS} caractères`;

interface FolderPickerProps {
  /** The folder chosen, with its label (null: none yet). */
  value: { id: number; label: string } | null;
  onChange: (id: number) => void;
}

/**
 * A folder of the user's, found as the global search finds it (plate in any format, customer, phone, claim or
 * folder number; from 2 characters, 300 ms after the last keystroke).
 */
export function FolderPicker({ value, onChange }: FolderPickerProps) {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [found, setFound] = useState<FolderSearchItem[]>([]);
  const [loading, setLoading] = useState(false);
  const searching = query.length >= SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!searching) {
      setFound([]);
      return;
    }
    let current = true;
    setLoading(true);
    searchFolders(companyId, query)
      .then((folders) => current && setFound(folders))
      // Logged by the HTTP client; the list says nothing was found.
      .catch(() => current && setFound([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [companyId, query, searching]);

  const options = found.map((item) => ({ value: item.id, label: item.label }));
  if (value && !options.some((option) => option.value === value.id)) {
    options.unshift({ value: value.id, label: value.label });
  }
  return (
    <Select<number>
      showSearch
      aria-label={FOLDER_PICKER_LABEL}
      style={{ width: '100%', maxWidth: 560 }}
      placeholder="Rechercher un dossier : immatriculation, client, n° de dossier…"
      value={value?.id}
      filterOption={false}
      onSearch={setText}
      onChange={onChange}
      loading={loading}
      options={options}
      notFoundContent={searching ? SEARCH_NOT_FOUND : TYPE_MORE}
    />
  );
}
