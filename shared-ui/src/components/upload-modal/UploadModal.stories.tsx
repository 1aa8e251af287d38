import { Button } from 'antd';
import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { UploadModal, type UploadModalProps } from './UploadModal';

function WithTrigger(props: UploadModalProps) {
  const [open, setOpen] = useState(props.open);
  const [sent, setSent] = useState<string[]>([]);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Ouvrir</Button>
      {sent.length > 0 ? <pre>{sent.join('\n')}</pre> : null}
      <UploadModal
        {...props}
        open={open}
        onCancel={() => setOpen(false)}
        onSubmit={async (body) => {
          setSent(
            Array.from(body.entries(), ([key, value]) => `${key}: ${value instanceof File ? value.name : value}`),
          );
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Saisie/UploadModal',
  component: UploadModal,
  render: (args) => <WithTrigger {...args} />,
  args: { open: true, mode: 'invoice', onCancel: () => {}, onSubmit: () => {} },
} satisfies Meta<typeof UploadModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Invoice: Story = { name: 'Ma propre facture', args: { mode: 'invoice' } };

export const SelectInvoice: Story = { name: 'Sélection — Facture', args: { mode: 'select' } };

export const SelectOtherType: Story = {
  name: 'Sélection — autre type',
  args: { mode: 'select', initialType: 'Photo' },
};

export const Document: Story = { name: 'Nouveau document', args: { mode: 'document', initialType: 'Carte grise' } };

export const Closed: Story = { name: 'Fermée', args: { open: false } };
