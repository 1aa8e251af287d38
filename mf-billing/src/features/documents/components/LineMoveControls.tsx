import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';

interface LineMoveControlsProps {
  /** 0-based index of the line, and how many lines there are. */
  index: number;
  count: number;
  /** The handle's element, to give the focus back to it once its row has moved. */
  handleRef: (element: HTMLElement | null) => void;
  /** Moves the line to `to`; `byKeyboard` keeps the focus on its handle. */
  onMove: (to: number, byKeyboard: boolean) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}

/**
 * A line's handle and its up/down buttons. The handle is what is dragged (native HTML5 drag: the row is its
 * image) and, focused, moves the line with Alt+↑ / Alt+↓; the buttons do the same for a pointer or a screen reader.
 */
export function LineMoveControls({ index, count, handleRef, onMove, onDragStart, onDragEnd }: LineMoveControlsProps) {
  const n = index + 1;
  return (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        icon={<HolderOutlined />}
        draggable
        ref={handleRef}
        aria-label={`Déplacer la ligne ${n} (Alt+Flèche haut ou bas)`}
        style={{ cursor: 'grab' }}
        onDragStart={(event) => {
          onDragStart();
          if (!event.dataTransfer) return;
          event.dataTransfer.effectAllowed = 'move';
          // Firefox starts a drag only with some data.
          event.dataTransfer.setData('text/plain', String(n));
          const row = event.currentTarget.closest('tr');
          if (row) event.dataTransfer.setDragImage(row, 16, 16);
        }}
        onDragEnd={onDragEnd}
        onKeyDown={(event) => {
          if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
          event.preventDefault();
          onMove(event.key === 'ArrowUp' ? index - 1 : index + 1, true);
        }}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`Monter la ligne ${n}`}
        disabled={index === 0}
        onClick={() => onMove(index - 1, false)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`Descendre la ligne ${n}`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1, false)}
      />
    </Space>
  );
}
