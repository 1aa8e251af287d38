import type { FormInstance } from 'antd';
import { BUYER_FIELD_REQUIRED, type BuyerField } from 'contracts';

const isBuyerField = (field: string | undefined): field is BuyerField =>
  field !== undefined && Object.hasOwn(BUYER_FIELD_REQUIRED, field);

/**
 * The buyer's fields a refused issue names (`customer.address`, from the server's refusal) marked on the document
 * form, each with why, and the first one brought into view: the person sees where to type, not only a toast.
 */
export function markRefusedFields(form: FormInstance, fields: string[]): void {
  const marked = fields.flatMap((path) => {
    const [group, field] = path.split('.');
    return group === 'customer' && isBuyerField(field)
      ? [{ name: ['customer', field], errors: [BUYER_FIELD_REQUIRED[field]] }]
      : [];
  });
  form.setFields(marked);
  const first = marked[0];
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
}
