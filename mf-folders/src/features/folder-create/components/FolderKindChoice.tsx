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
            aria-label={title}
          >
            <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
              {icon} {title}
            </Typography.Title>
            <Typography.Text type="secondary">{text}</Typography.Text>
          </button>
        </Card>
      ))}
    </Flex>
  );
}
