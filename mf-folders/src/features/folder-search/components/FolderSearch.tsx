import { CarOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input, Spin, Typography, theme } from 'antd';
import {
  customerPath,
  type FolderSearchItem,
  SEARCH_EMPTY,
  SEARCH_LIST_HEIGHT,
  SEARCH_NOT_FOUND,
  SEARCH_PLACEHOLDER,
  vehiclePath,
} from 'contracts';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFolderSearch } from '../hooks/use-folder-search';

/** Where each key sends the highlighted folder: its page, its customer's page or its vehicle's page. */
const pathOf = {
  folder: (item: FolderSearchItem) => `/folder/show/${item.id}`,
  customer: (item: FolderSearchItem) => customerPath(item.id),
  vehicle: (item: FolderSearchItem) => (item.plate ? vehiclePath(item.plate) : undefined),
};
type Target = keyof typeof pathOf;

/**
 * The global folder search (the shell's Cmd/Ctrl+K dialog): searches from 2 characters, 300 ms after the
 * last keystroke; arrow keys move, Enter or a click opens the folder, Shift+Enter its customer's page and Alt+Enter
 * its vehicle's page (the two buttons under the list do the same: an option may hold no button of its own).
 */
export function FolderSearch({ onClose }: { onClose?: () => void }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const { results, loading, searching } = useFolderSearch(text);
  const [active, setActive] = useState(0);
  // A new list of results starts highlighted on its first folder.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs for a new list, it reads nothing of it.
  useEffect(() => setActive(0), [results]);

  const open = (item: FolderSearchItem | undefined, target: Target = 'folder') => {
    const path = item && pathOf[target](item);
    if (!path) return;
    navigate(path);
    onClose?.();
  };
  const highlighted = results[active];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(highlighted, event.shiftKey ? 'customer' : event.altKey ? 'vehicle' : 'folder');
    }
  };

  const empty = searching ? SEARCH_NOT_FOUND : SEARCH_EMPTY;
  return (
    <div>
      <Input.Search
        autoFocus
        allowClear
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Rechercher un dossier"
        // Named: antd's search button is an icon alone, unnamed for a screen reader.
        enterButton={<Button aria-label="Lancer la recherche" icon={<SearchOutlined />} />}
        aria-controls={listId}
        aria-activedescendant={highlighted ? `${listId}-${highlighted.id}` : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        loading={loading}
      />
      <div style={{ height: SEARCH_LIST_HEIGHT, overflowY: 'auto', marginTop: 8 }}>
        <Spin spinning={loading}>
          {results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
          ) : (
            // A plain listbox: the input keeps the focus, the arrows move the highlighted option.
            <div id={listId} role="listbox" aria-label="Dossiers trouvés">
              {results.map((item, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard is the input's (arrows and Enter), as in a combobox.
                <div
                  key={item.id}
                  tabIndex={-1}
                  id={`${listId}-${item.id}`}
                  role="option"
                  aria-selected={index === active}
                  onClick={() => open(item)}
                  onMouseEnter={() => setActive(index)}
                  style={{
                    cursor: 'pointer',
                    padding: '10px 12px',
                    borderRadius: token.borderRadius,
                    background: index === active ? token.controlItemBgActive : undefined,
                  }}
                >
                  {item.label}
                </div>
              ))}
            </div>
          )}
        </Spin>
      </div>
      {highlighted ? (
        <Flex align="center" gap={8} wrap style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">Entrée : le dossier</Typography.Text>
          <Button size="small" icon={<UserOutlined />} onClick={() => open(highlighted, 'customer')}>
            Fiche client (Maj+Entrée)
          </Button>
          <Button
            size="small"
            icon={<CarOutlined />}
            disabled={!highlighted.plate}
            onClick={() => open(highlighted, 'vehicle')}
          >
            Fiche véhicule (Alt+Entrée)
          </Button>
        </Flex>
      ) : null}
    </div>
  );
}
