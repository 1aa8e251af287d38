import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';

export interface AddressFieldsProps {
  /** Each field's rules (the contract's, through `zodRule`). */
  rules?: { address?: Rule[]; postalCode?: Rule[]; city?: Rule[] };
  /** "Adresse" unless told ("Adresse du siège"). */
  addressLabel?: string;
}

/**
 * A French postal address inside a Form: street, then postal code (5 digits, numeric keyboard) and city on one row.
 * The fields are `address`, `postalCode` and `city` of the form's values.
 */
export function AddressFields({ rules = {}, addressLabel = 'Adresse' }: AddressFieldsProps) {
  return (
    <>
      <Form.Item label={addressLabel} name="address" rules={rules.address}>
        <Input maxLength={200} autoComplete="street-address" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item label="Code postal" name="postalCode" rules={rules.postalCode}>
            <Input inputMode="numeric" maxLength={5} autoComplete="postal-code" />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item label="Ville" name="city" rules={rules.city}>
            <Input maxLength={80} autoComplete="address-level2" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
