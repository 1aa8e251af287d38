import { Form, Input, Modal, Typography } from 'antd';
import { PAYMENT_CANCELLED, PAYMENT_METHOD_LABELS, type PaymentRow, paymentCancelBodySchema } from 'contracts';
import { useId } from 'react';
import { formatCents, formatDate, useSaveAction, zodRule } from 'shared-ui';
import { cancelPayment } from '../../../api/payments';

/**
 * "Annuler ce paiement": a wrong payment is compensated by a negative record of the same amount, with its reason;
 * the payment itself stays in the book as it was recorded.
 */
export function CancelPaymentModal({
  payment,
  onClose,
  onCancelled,
}: {
  payment: PaymentRow;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const formId = useId();
  const { saving, run } = useSaveAction();
  const save = async ({ reason }: { reason: string }) => {
    if (await run(() => cancelPayment(payment.id, reason), { done: PAYMENT_CANCELLED })) onCancelled();
  };
  return (
    <Modal
      open
      title="Annuler ce paiement"
      okText="Annuler le paiement"
      cancelText="Fermer"
      okButtonProps={{ danger: true, htmlType: 'submit', form: formId, loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {PAYMENT_METHOD_LABELS[payment.type]} de {formatCents(payment.amount)} du {formatDate(payment.date)} (facture{' '}
        {payment.invoice ?? '—'}) : une écriture négative du même montant le compensera, datée d’aujourd’hui. Le
        paiement reste inscrit tel qu’il a été enregistré.
      </Typography.Paragraph>
      <Form id={formId} layout="vertical" onFinish={(values: { reason: string }) => void save(values)}>
        <Form.Item
          label="Motif de l’annulation"
          name="reason"
          required
          rules={[zodRule(paymentCancelBodySchema.shape.reason)]}
        >
          <Input.TextArea
            autoFocus
            rows={2}
            maxLength={300}
            placeholder="Ex. : chèque sans provision, erreur de facture"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
