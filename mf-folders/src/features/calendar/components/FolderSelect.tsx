import { Select } from 'antd';
import { type FolderSearchItem, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, SEARCH_NOT_FOUND } from 'contracts';
import { useEffect, useState } from 'react';
import { useDebouncedValue, useSession } from 'shared-ui';
import { searchFolders } from '../../folder-search/api/search-folders';

const TYPE_MORE = `Tapez au moins ${SEARCH_MIN_CHARS} caractères`;

/**
 * A folder of the garage, found as the top bar's search finds it (plate in any format, customer, phone, claim or
 * folder number); a form control (value and onChange) for the new appointment.
 */
export function FolderSelect({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (id: number) => void;
  id?: string;
}) {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [found, setFound] = useState<FolderSearchItem[]>([]);
  const [loading, setLoading] = useState(false);
  const searching = query.length >= SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!searching) return;
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

  return (
    <Select<number>
      id={id}
      showSearch
      placeholder="Immatriculation, client, n° de dossier…"
      value={value}
      filterOption={false}
      onSearch={setText}
      onChange={onChange}
      loading={loading}
      options={found.map((item) => ({ value: item.id, label: item.label }))}
      notFoundContent={searching ? SEARCH_NOT_FOUND : TYPE_MORE}
    />
  );
}
