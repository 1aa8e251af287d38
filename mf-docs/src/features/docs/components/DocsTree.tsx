import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import type { DocNode } from 'contracts';
import { type CSSProperties, useState } from 'react';

const item: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  width: '100%',
  padding: '4px 6px',
  border: 0,
  borderRadius: 4,
  background: 'transparent',
  textAlign: 'left',
  cursor: 'pointer',
  font: 'inherit',
  color: 'inherit',
};

interface Props {
  nodes: DocNode[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  /** While searching, every kept branch is open. */
  expandAll: boolean;
}

/**
 * The table of contents: nested lists of buttons that say whether their branch is open (the disclosure
 * pattern: Tab and Enter are enough). Clicking a page opens it and toggles its branch (docs/product.md).
 */
export function DocsTree({ nodes, selectedId, onSelect, expandAll }: Props) {
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const branch = (list: DocNode[], level: number) => (
    <ul style={{ listStyle: 'none', margin: 0, paddingInlineStart: level === 1 ? 0 : 16 }}>
      {list.map((node) => {
        const hasChildren = node.childreen.length > 0;
        const expanded = hasChildren && (expandAll || open.has(node.id));
        const selected = node.id === selectedId;
        return (
          <li key={node.id}>
            <button
              type="button"
              aria-expanded={hasChildren ? expanded : undefined}
              aria-current={selected ? 'page' : undefined}
              style={{
                ...item,
                fontWeight: selected ? 600 : 400,
                background: selected ? 'rgba(30, 123, 52, 0.12)' : 'transparent',
              }}
              onClick={() => {
                onSelect(node.id);
                if (hasChildren) toggle(node.id);
              }}
            >
              <span aria-hidden style={{ width: 14, display: 'inline-flex' }}>
                {hasChildren ? expanded ? <CaretDownOutlined /> : <CaretRightOutlined /> : null}
              </span>
              {node.title}
            </button>
            {expanded ? branch(node.childreen, level + 1) : null}
          </li>
        );
      })}
    </ul>
  );
  return <nav aria-label="Table des matières">{branch(nodes, 1)}</nav>;
}
