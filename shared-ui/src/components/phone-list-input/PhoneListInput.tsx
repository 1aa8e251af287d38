import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { isValidPhone, PHONE_MESSAGE } from 'contracts';

export interface PhoneRow {
  phone: string;
}

/** The form rule, built on the contract's `isValidPhone` so the API checks the very same thing. */
export const phoneRule: Rule = {
  validator: (_, value: string | undefined) =>
    isValidPhone(value?.trim()) ? Promise.resolve() : Promise.reject(new Error(PHONE_MESSAGE)),
};

export interface PhoneListInputProps {
  /** Form field holding `{ phone: string }[]` (notification configuration: `phones`). */
  name: string | (string | number)[];
  label?: string;
  disabled?: boolean;
}

/**
 * A list of optional 10-digit phone numbers (docs/product.md). One row always
 * remains; the remove button appears only when there is more than one.
 */
export function PhoneListInput({ name, label = 'Numéros de téléphone', disabled = false }: PhoneListInputProps) {
  return (
    <Form.Item label={label} required={false} style={{ marginBottom: 0 }}>
      <Form.List name={name} initialValue={[{ phone: '' }]}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'phone']} rules={[phoneRule]} validateTrigger={['onChange', 'onBlur']}>
                  <Input
                    aria-label={`Numéro de téléphone ${index + 1}`}
                    placeholder="0612345678"
                    type="tel"
                    autoComplete="tel"
                    maxLength={10}
                    disabled={disabled}
                    style={{ width: 200 }}
                  />
                </Form.Item>
                {fields.length > 1 ? (
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`Supprimer le numéro ${index + 1}`}
                    onClick={() => remove(field.name)}
                    disabled={disabled}
                  />
                ) : null}
              </Space>
            ))}
            {fields.length === 0 ? (
              <Button type="link" onClick={() => add({ phone: '' })}>
                Ajouter un numéro
              </Button>
            ) : (
              <Form.Item>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ phone: '' })} disabled={disabled}>
                  Ajouter un numéro
                </Button>
              </Form.Item>
            )}
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
