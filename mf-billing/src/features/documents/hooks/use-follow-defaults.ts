import type { FormInstance } from 'antd';
import { DEFAULT_PAYMENT_TERM_DAYS, defaultPaymentTermDays } from 'contracts';
import {
  type DocumentFormValues,
  defaultLineQuantityText,
  isBlankLine,
  type LineValues,
  rateOrDefault,
} from '../form-values';

/**
 * What follows what is typed in a draft's form (its `onValuesChange`): lines nobody filled in yet follow the
 * document's type (quantity 1 or -1) and default rate; a payment term left at a default follows the buyer (on
 * receipt for a private customer, 30 days for a business or an insurer); a term typed by hand is kept.
 */
export function useFollowDefaults(form: FormInstance<DocumentFormValues>) {
  const followBuyerTerms = () => {
    const term = form.getFieldValue('paymentTermDays') as number;
    if (term !== 0 && term !== DEFAULT_PAYMENT_TERM_DAYS) return;
    const isBusiness = Boolean(form.getFieldValue(['customer', 'isBusiness']));
    form.setFieldValue('paymentTermDays', defaultPaymentTermDays({ billTo: form.getFieldValue('billTo'), isBusiness }));
  };

  const followLineDefaults = () => {
    const current = (form.getFieldValue('lines') ?? []) as LineValues[];
    current.forEach((line, index) => {
      if (!isBlankLine(line)) return;
      form.setFieldValue(['lines', index, 'quantity'], defaultLineQuantityText(form.getFieldValue('typeCode')));
      form.setFieldValue(['lines', index, 'taxRate'], rateOrDefault(form.getFieldValue('tax')));
    });
  };

  return (changed: Partial<DocumentFormValues>) => {
    if (changed.billTo !== undefined || changed.customer?.isBusiness !== undefined) followBuyerTerms();
    if (changed.typeCode !== undefined || changed.tax !== undefined) followLineDefaults();
  };
}
