import { Form } from 'antd';
import { parisDay, parisToday } from 'contracts';
import { DateField } from 'shared-ui';

/**
 * A payment's or a refund's value date: the day the money moved (the statement's for a transfer, the cheque's),
 * between the invoice's issue day and today; the record itself is dated today.
 */
export function ValueDateField({ issuedAt }: { issuedAt: string | null | undefined }) {
  return (
    <Form.Item
      name="date"
      label="Date de valeur"
      extra="Celle du relevé pour un virement, du chèque pour un chèque ; l’enregistrement est daté d’aujourd’hui."
    >
      <DateField max={parisToday()} min={issuedAt ? parisDay(new Date(issuedAt)) : undefined} />
    </Form.Item>
  );
}
