import { Input, type InputRef } from 'antd';
import { type SyntheticEvent, useLayoutEffect, useRef } from 'react';

interface ColumnFilterInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

// Clicks and keys stop here so they do not toggle the column's sort.
const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The filter of one column, in its header (not antd's filter dropdown, whose trigger is not focusable).
 * With a fixed header (scroll.y) antd renders the titles a second time in an aria-hidden measuring row;
 * that copy of the input must not be reachable with Tab (axe: aria-hidden-focus).
 */
export function ColumnFilterInput({ label, value, onChange }: ColumnFilterInputProps) {
  const ref = useRef<InputRef>(null);
  useLayoutEffect(() => {
    const input = ref.current?.input;
    if (input?.closest('[aria-hidden="true"]')) input.tabIndex = -1;
  }, []);
  return (
    <Input
      ref={ref}
      size="small"
      allowClear
      aria-label={`Filtrer la colonne ${label}`}
      placeholder="Filtrer"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onClick={stop}
      onKeyDown={stop}
      style={{ marginTop: 4, minWidth: 90, fontWeight: 'normal' }}
    />
  );
}
