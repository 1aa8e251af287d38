import { Space, Typography } from 'antd';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { FileTypeIcon } from './FileTypeIcon';

const meta = {
  title: 'Affichage/FileTypeIcon',
  component: FileTypeIcon,
  args: { fileName: 'facture-AB-123-CD.pdf', size: 24 },
} satisfies Meta<typeof FileTypeIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

const FILES = [
  'rapport-sidexa.pdf',
  'notes.txt',
  'maquette.psd',
  'devis-MAAF.docx',
  'stock.xlsx',
  'photos-sinistre.zip',
  'logo.ai',
  'presentation.pptx',
  'appel-client.mp3',
  'pare-brise.jpg',
  'pose.mp4',
  'export.dat',
];

export const AllTypes: Story = {
  name: 'Tous les types',
  render: () => (
    <Space direction="vertical">
      {FILES.map((name) => (
        <Space key={name}>
          <FileTypeIcon fileName={name} />
          <Typography.Text>{name}</Typography.Text>
        </Space>
      ))}
    </Space>
  ),
};
