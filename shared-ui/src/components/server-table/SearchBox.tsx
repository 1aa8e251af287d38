import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

interface SearchBoxProps {
  /** Also its accessible name. */
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search over every column, first in the toolbar. */
export function SearchBox({ placeholder, value, onChange }: SearchBoxProps) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      aria-label={placeholder}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={{ width: 260 }}
    />
  );
}
