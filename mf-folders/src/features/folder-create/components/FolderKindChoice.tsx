import { CarOutlined, ToolOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export type FolderKind = 'glass' | 'repair';

const KINDS: { kind: FolderKind; title: string; text: string; icon: ReactNode }[] = [
  {
    kind: 'glass',
    title: 'Bris de glace',
    text: 'Pare-brise, vitre ou lunette : assureur, sinistre et franchise.',
    icon: <CarOutlined />,
  },
  {
    kind: 'repair',
    title: 'Réparation',
    text: 'Intervention hors sinistre, payée par le client.',
    icon: <ToolOutlined />,
  },
];

/** First step of "Nouveau client": which kind of folder to open. */
export function FolderKindChoice({ onChoose }: { onChoose: (kind: FolderKind) => void }) {
  return (
    <Flex gap={16} wrap>
      {KINDS.map(({ kind, title, text, icon }) => (
        <Card key={kind} hoverable style={{ width: 300 }}>
          <button
            type="button"
            onClick={() => onChoose(kind)}
            style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }}
          >
            {/* Text, not a heading: a button's content is read as one name (« Bris de glace Intervention… »). */}
            <Typography.Text strong style={{ display: 'block', fontSize: 18, marginBottom: 8 }}>
              {icon} {title}
            </Typography.Text>
            <Typography.Text type="secondary">{text}</Typography.Text>
          </button>
        </Card>
      ))}
    </Flex>
  );
}
