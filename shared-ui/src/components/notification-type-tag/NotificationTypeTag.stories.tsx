import { Space } from 'antd';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { NotificationTypeTag } from './NotificationTypeTag';

const meta = {
  title: 'Affichage/NotificationTypeTag',
  component: NotificationTypeTag,
  args: { typeFolder: 'verif', folderTitle: 'AB-123-CD MAAF' },
} satisfies Meta<typeof NotificationTypeTag>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const AllTypes: Story = {
  name: 'Tous les types',
  render: () => (
    <Space>
      <NotificationTypeTag typeFolder="verif" />
      <NotificationTypeTag typeFolder="envoi" />
      <NotificationTypeTag typeFolder="relance" />
      <NotificationTypeTag typeFolder="comment" />
      <NotificationTypeTag typeFolder="recovery" />
      <NotificationTypeTag typeFolder={null} folderTitle="axa — EF-456-GH" />
    </Space>
  ),
};

export const UnknownType: Story = {
  name: 'Type inconnu',
  args: { typeFolder: 'autre', folderTitle: 'macif JK-789-LM' },
};
