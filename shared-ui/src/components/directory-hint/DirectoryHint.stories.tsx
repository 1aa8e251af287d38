import { Space } from 'antd';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { DirectoryHintText } from './DirectoryHint';

const meta = {
  title: 'Affichage/DirectoryHintText',
  component: DirectoryHintText,
  args: {
    lookup: {
      siren: '432109874',
      state: 'receives',
      businessName: 'Transports Rhône SARL',
      address: '0225:432109874',
      checkedAt: '2026-11-29T08:00:00.000Z',
    },
  },
} satisfies Meta<typeof DirectoryHintText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const AllStates: Story = {
  name: 'Tous les cas',
  render: (args) => (
    <Space direction="vertical">
      <DirectoryHintText lookup={args.lookup} />
      <DirectoryHintText lookup={{ ...args.lookup, state: 'no-address', address: '' }} />
      <DirectoryHintText lookup={{ ...args.lookup, state: 'not-found', businessName: '', address: '' }} />
      <DirectoryHintText lookup={{ ...args.lookup, state: 'no-platform', businessName: '', address: '' }} />
      <DirectoryHintText lookup={{ ...args.lookup, state: 'unavailable', businessName: '', address: '' }} />
    </Space>
  ),
};
