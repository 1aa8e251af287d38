import { CheckOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { IsShown } from './hooks/use-column-visibility';
import { columnLabel, type ServerColumn } from './server-table-props';

interface ColumnSelectorProps<T> {
  columns: ServerColumn<T>[];
  isShown: IsShown;
  onToggle: (key: string) => void;
}

/** The "Colonnes" menu: a check mark per shown column; a click shows or hides it, the menu stays open. */
export function ColumnSelector<T>({ columns, isShown, onToggle }: ColumnSelectorProps<T>) {
  const [open, setOpen] = useState(false);
  const items = columns.map((column) => ({
    key: column.dataIndex,
    icon: <CheckOutlined style={{ visibility: isShown(column) ? 'visible' : 'hidden' }} />,
    label: columnLabel(column),
  }));
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      open={open}
      // Open while columns are ticked one after the other; the button, a click outside or Escape closes it.
      onOpenChange={(next, info) => {
        if (info.source === 'trigger') setOpen(next);
      }}
      menu={{ items, onClick: ({ key }) => onToggle(key) }}
    >
      <Button icon={<TableOutlined />} aria-label="Choisir les colonnes affichées">
        Colonnes
      </Button>
    </Dropdown>
  );
}
