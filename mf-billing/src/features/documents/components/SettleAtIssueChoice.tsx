import { Radio, Typography } from 'antd';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from 'contracts';

const NOT_YET = '';

/**
 * Asked as an invoice is issued at the desk: paid now, and how? Paid, the invoice is issued « acquittée » (receipted,
 * nothing due, no payment term) with its payment recorded in the same step; otherwise it waits for its payment.
 */
export function SettleAtIssueChoice({ onChange }: { onChange: (method: PaymentMethod | undefined) => void }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '12px 0 0' }}>
      <legend style={{ fontSize: 14, marginBottom: 6 }}>Réglée maintenant ?</legend>
      <Radio.Group
        defaultValue={NOT_YET}
        onChange={(event) => onChange((event.target.value as PaymentMethod | typeof NOT_YET) || undefined)}
        options={[
          { value: NOT_YET, label: 'Non, à régler plus tard' },
          ...PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] })),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 12 }}>
        Réglée, la facture est émise « acquittée » et son paiement enregistré du même coup.
      </Typography.Paragraph>
    </fieldset>
  );
}
