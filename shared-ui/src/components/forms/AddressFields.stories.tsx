import { Button, Form } from 'antd';
import { POSTAL_CODE_INVALID, POSTAL_CODE_PATTERN } from 'contracts';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { AddressFields } from './AddressFields';

const postalCode = [{ pattern: POSTAL_CODE_PATTERN, message: POSTAL_CODE_INVALID }];

const meta = {
  title: 'Saisie/AddressFields',
  component: AddressFields,
  decorators: [
    (Story) => (
      <Form
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ address: '12 rue de la République', postalCode: '6900', city: 'Lyon' }}
      >
        <Story />
        <Button type="primary" htmlType="submit">
          Enregistrer
        </Button>
      </Form>
    ),
  ],
} satisfies Meta<typeof AddressFields>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { rules: { postalCode } } };

/** As an insurer's head office. */
export const HeadOffice: Story = { args: { addressLabel: 'Adresse du siège', rules: { postalCode } } };
