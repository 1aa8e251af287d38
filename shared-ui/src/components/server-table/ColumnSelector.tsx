import { CheckOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { columnLabel, type ServerColumn } from './server-table-props';
import type { Visibility } from './use-column-visibility';

interface ColumnSelectorProps<T> {
  columns: ServerColumn<T>[];
  visibility: Visibility;
  onToggle: (key: string) => void;
}

/** The "Colonnes" menu: a check mark per shown column; a click shows or hides it. */
export function ColumnSelector<T>({ columns, visibility, onToggle }: ColumnSelectorProps<T>) {
  const [open, setOpen] = useState(false);
  const items = columns.map((column) => ({
    key: column.dataIndex,
    icon: <CheckOutlined style={{ visibility: visibility[column.dataIndex] === false ? 'hidden' : 'visible' }} />,
    label: columnLabel(column),
  }));
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      open={open}
      onOpenChange={(next, info) => {
        if (info.source === 'trigger' || !next) setOpen(next);
      }}
      menu={{ items, onClick: ({ key }) => onToggle(key) }}
    >
      <Button icon={<TableOutlined />} aria-label="Choisir les colonnes affichées">
        Colonnes
      </Button>
    </Dropdown>
  );
}
