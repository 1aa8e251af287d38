import { Button, Form } from 'antd';
import { useEffect } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { PhoneListInput, type PhoneListInputProps, type PhoneRow } from './PhoneListInput';

function InForm({ phones, ...props }: PhoneListInputProps & { phones?: PhoneRow[] }) {
  return (
    <Form layout="vertical" initialValues={phones ? { phones } : undefined} style={{ maxWidth: 400 }}>
      <PhoneListInput {...props} />
      <Button type="primary" htmlType="submit">
        Enregistrer
      </Button>
    </Form>
  );
}

const meta = {
  title: 'Saisie/PhoneListInput',
  component: PhoneListInput,
  render: (args) => <InForm {...args} />,
  args: { name: 'phones' },
} satisfies Meta<typeof PhoneListInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const SeveralNumbers: Story = {
  name: 'Plusieurs numéros',
  render: (args) => <InForm {...args} phones={[{ phone: '0612345678' }, { phone: '0478000000' }]} />,
};

function Validated(props: PhoneListInputProps) {
  const [form] = Form.useForm();
  useEffect(() => {
    void form.validateFields().catch(() => {});
  }, [form]);
  return (
    <Form form={form} layout="vertical" initialValues={{ phones: [{ phone: '06123' }] }} style={{ maxWidth: 400 }}>
      <PhoneListInput {...props} />
    </Form>
  );
}

export const Invalid: Story = { name: 'Numéro invalide', render: (args) => <Validated {...args} /> };

export const Disabled: Story = { args: { disabled: true } };
