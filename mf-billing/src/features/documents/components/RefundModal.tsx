import { Button, Form, Input, Modal, Radio, Typography } from 'antd';
import {
  type BillingDocument,
  centsToText,
  owedToCustomer,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  parisToday,
  REFUND_SAVED,
  refundBodySchema,
} from 'contracts';
import { useId, useState } from 'react';
import { formatCents, useSaveAction, zodRule } from 'shared-ui';
import { recordRefund } from '../../../api/payments';
import { ValueDateField } from '../../../components/payment-modal/ValueDateField';
import { useDocumentCache } from '../hooks/use-document-cache';

interface Values {
  amount: string;
  type: PaymentMethod;
  date: string;
  comment: string;
}

/**
 * « Enregistrer un remboursement »: what the garage gives back to the customer on an invoice paid beyond what is due
 * (an over-payment, a credit note after payment), at most that, by the means chosen. Closes only once recorded.
 */
export function RefundModal({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: BillingDocument;
  onClose: () => void;
  onSaved: () => void;
}) {
  const formId = useId();
  const { saving, run } = useSaveAction();
  const owed = owedToCustomer(invoice);

  const save = async (values: Values) => {
    if (await run(() => recordRefund({ ...values, invoiceId: invoice.id }), { done: REFUND_SAVED })) onSaved();
  };

  return (
    <Modal
      open
      title={`Remboursement sur la facture ${invoice.number ?? ''}`}
      okText="Enregistrer le remboursement"
      cancelText="Annuler"
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Le garage doit <strong>{formatCents(owed)}</strong> au client (payé {formatCents(invoice.paidAmount)} pour un dû
        de {formatCents(invoice.totalAmount - invoice.creditedAmount)}).
      </Typography.Paragraph>
      <Form<Values>
        id={formId}
        layout="vertical"
        initialValues={{ amount: centsToText(owed), type: 'transfer', date: parisToday(), comment: '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="amount" label="Montant remboursé (€)" rules={[zodRule(refundBodySchema.shape.amount)]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="type" label="Moyen de remboursement">
          <Radio.Group
            optionType="button"
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
          />
        </Form.Item>
        <ValueDateField issuedAt={invoice.issuedAt} />
        <Form.Item name="comment" label="Commentaire" rules={[zodRule(refundBodySchema.shape.comment)]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** « Enregistrer un remboursement », shown while the garage owes the customer money on the invoice. */
export function RefundButton({ invoice }: { invoice: BillingDocument }) {
  const [open, setOpen] = useState(false);
  const cache = useDocumentCache();
  if (owedToCustomer(invoice) === 0) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Enregistrer un remboursement</Button>
      {open ? (
        <RefundModal
          invoice={invoice}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            void cache.changed(invoice.id, invoice.folderId);
          }}
        />
      ) : null}
    </>
  );
}
