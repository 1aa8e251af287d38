import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

function Controlled(props: RichTextEditorProps) {
  const [value, setValue] = useState(props.value ?? '');
  return <RichTextEditor {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Saisie/RichTextEditor',
  component: RichTextEditor,
  render: (args) => <Controlled {...args} />,
  args: {
    label: 'Commentaire du dossier',
    placeholder: 'Saisissez votre commentaire…',
    value: '<p>Pare-brise remplacé sur <strong>AB-123-CD</strong>, prise en charge <em>MAAF</em>.</p>',
  },
} satisfies Meta<typeof RichTextEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Empty: Story = { args: { value: '' } };

export const Disabled: Story = { args: { disabled: true } };
