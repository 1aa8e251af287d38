import { Space } from 'antd';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { DocumentLink } from './DocumentLink';

const meta = {
  title: 'Affichage/DocumentLink',
  component: DocumentLink,
  args: { id: 41, number: 'F-2026-00041', openingBalance: false },
} satisfies Meta<typeof DocumentLink>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Invoice: Story = { name: 'Facture du garage' };

export const OpeningBalance: Story = {
  name: 'Solde repris de l’ancien logiciel',
  args: { id: 7, number: 'ANC-FA2019-0012', openingBalance: true },
};

export const Both: Story = {
  name: 'Dans une liste',
  render: () => (
    <Space direction="vertical">
      <DocumentLink id={41} number="F-2026-00041" openingBalance={false} />
      <DocumentLink id={7} number="ANC-FA2019-0012" openingBalance />
    </Space>
  ),
};
