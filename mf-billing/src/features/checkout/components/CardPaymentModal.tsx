import { Alert, Form, Input, Modal, Typography } from 'antd';
import { type CheckoutOrder, type CheckoutPayBody, checkoutPayBodySchema } from 'contracts';
import { useId, useState } from 'react';
import { formatCents, formatNumber, zodRule } from 'shared-ui';

/**
 * The card form of an order. The product runs the payment provider's test mode (offline): the notice says which
 * cards to use. A declined card keeps the form filled for another try.
 */
export function CardPaymentModal({
  order,
  onPay,
  onClose,
}: {
  order: CheckoutOrder;
  onPay: (card: CheckoutPayBody) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CheckoutPayBody>();
  const formId = useId();
  const [paying, setPaying] = useState(false);

  const submit = async (card: CheckoutPayBody) => {
    setPaying(true);
    try {
      await onPay(card);
    } finally {
      setPaying(false);
    }
  };

  return (
    <Modal
      open
      title={`Paiement : ${formatNumber(order.units)} unités`}
      okText={`Payer ${formatCents(order.totalPrice)}`}
      cancelText="Annuler"
      okButtonProps={{ htmlType: 'submit', form: formId, loading: paying }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="Mode test du prestataire de paiement"
        description="Carte acceptée : 4242 4242 4242 4242 — carte refusée : 4000 0000 0000 0002 (toute date future, tout cryptogramme)."
      />
      <Form<CheckoutPayBody> id={formId} form={form} layout="vertical" onFinish={(card) => void submit(card)}>
        <Form.Item name="cardNumber" label="Numéro de carte" rules={[zodRule(checkoutPayBodySchema.shape.cardNumber)]}>
          <Input inputMode="numeric" autoComplete="cc-number" placeholder="1234 5678 9012 3456" maxLength={19} />
        </Form.Item>
        <Form.Item name="expiry" label="Expiration (MM/AA)" rules={[zodRule(checkoutPayBodySchema.shape.expiry)]}>
          <Input autoComplete="cc-exp" placeholder="12/29" maxLength={5} />
        </Form.Item>
        <Form.Item name="cvc" label="Cryptogramme" rules={[zodRule(checkoutPayBodySchema.shape.cvc)]}>
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={3} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">
        Total TTC {formatCents(order.totalPrice)} (HT {formatCents(order.preTaxPrice)}). Les unités sont créditées dès
        l’acceptation du paiement ; la facture est disponible aussitôt.
      </Typography.Text>
    </Modal>
  );
}
