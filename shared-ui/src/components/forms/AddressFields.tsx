import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';

export interface AddressFieldsProps {
  /** Each field's rules (the contract's, through `zodRule`). */
  rules?: { address?: Rule[]; postalCode?: Rule[]; city?: Rule[] };
  /** "Adresse" unless told ("Adresse du siège"). */
  addressLabel?: string;
  /** Where the three fields sit in the form's values (`['company']` for `company.address`…); top level unless told. */
  namePrefix?: string[];
  /** Said under the street (why the address is asked, where it is printed). */
  extra?: string;
}

/**
 * A French postal address inside a Form: street, then postal code (5 digits, numeric keyboard) and city on one row.
 * The fields are `address`, `postalCode` and `city` of the form's values (under `namePrefix`).
 */
export function AddressFields({ rules = {}, addressLabel = 'Adresse', namePrefix = [], extra }: AddressFieldsProps) {
  return (
    <>
      <Form.Item label={addressLabel} name={[...namePrefix, 'address']} rules={rules.address} extra={extra}>
        <Input maxLength={200} autoComplete="street-address" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item label="Code postal" name={[...namePrefix, 'postalCode']} rules={rules.postalCode}>
            <Input inputMode="numeric" maxLength={5} autoComplete="postal-code" />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item label="Ville" name={[...namePrefix, 'city']} rules={rules.city}>
            <Input maxLength={80} autoComplete="address-level2" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
