import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { SmsTextArea, type SmsTextAreaProps } from './SmsTextArea';

function Controlled(props: SmsTextAreaProps) {
  const [value, setValue] = useState(props.value ?? '');
  return <SmsTextArea {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Saisie/SmsTextArea',
  component: SmsTextArea,
  render: (args) => <Controlled {...args} />,
  args: {
    label: 'Texte du SMS',
    value: 'Bonjour #CLIENT#, votre véhicule #PLAQUE# est prêt. Vitrage Express Lyon, 04 78 00 00 00.',
  },
} satisfies Meta<typeof SmsTextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const MultiPart: Story = {
  name: 'SMS en plusieurs parties',
  args: { value: 'Rappel : votre rendez-vous du #DATE# à #HEURE# est confirmé. '.repeat(3) },
};

export const Unicode: Story = {
  name: 'Signe hors GSM (70 caractères par SMS)',
  args: { value: 'Votre véhicule est prêt 🚗 : à bientôt !' },
};

export const Empty: Story = { args: { value: '', placeholder: 'Écrivez le texte du SMS' } };
