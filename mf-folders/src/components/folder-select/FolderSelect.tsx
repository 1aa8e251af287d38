import { Select } from 'antd';
import { SEARCH_MIN_CHARS, SEARCH_NOT_FOUND } from 'contracts';
import { type CSSProperties, useState } from 'react';
import { useFolderSearch } from '../../features/folder-search/hooks/use-folder-search';

const TYPE_MORE = `Tapez au moins ${SEARCH_MIN_CHARS} caractères`;

interface FolderSelectProps {
  /** The folder chosen (a form control's value). */
  value?: number;
  /** Its label, when the page knows it: shown even before any search found it. */
  chosenLabel?: string;
  onChange?: (id: number) => void;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  style?: CSSProperties;
}

/** A folder of the garage picked by searching it as the global search does; a form control (value and onChange). */
export function FolderSelect({ value, chosenLabel, placeholder, ...props }: FolderSelectProps) {
  const [text, setText] = useState('');
  const { results, loading, searching } = useFolderSearch(text);
  const options = results.map((item) => ({ value: item.id, label: item.label }));
  if (value !== undefined && chosenLabel && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: chosenLabel });
  }
  return (
    <Select<number>
      {...props}
      showSearch
      placeholder={placeholder ?? 'Immatriculation, client, n° de dossier…'}
      value={value}
      filterOption={false}
      onSearch={setText}
      loading={loading}
      options={options}
      notFoundContent={searching ? SEARCH_NOT_FOUND : TYPE_MORE}
    />
  );
}
