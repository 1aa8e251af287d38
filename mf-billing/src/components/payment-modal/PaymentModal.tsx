import { Checkbox, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import {
  type BillTo,
  centsToText,
  invoiceBalance,
  OPENING_BALANCE_LABEL,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_SAVED,
  type PaymentMethod,
  parisToday,
  paymentBodySchema,
} from 'contracts';
import { useEffect, useId, useState } from 'react';
import { formatCents, useDebouncedValue, useSaveAction, zodRule } from 'shared-ui';
import { type PayableOption, recordPayment, searchPayableInvoices } from '../../api/payments';
import { ValueDateField } from './ValueDateField';

export interface PayableInvoice {
  id: number;
  number: string | null;
  totalAmount: number;
  paidAmount: number;
  /** What the invoice's credit notes take off. */
  creditedAmount: number;
  /** An insurer pays by transfer: the form starts there. */
  billTo: BillTo;
  /** ISO date-time of issue: a payment is dated from that day on. */
  issuedAt: string | null;
}

interface Values {
  invoiceId?: number;
  amount: string;
  type: PaymentMethod;
  date: string;
  comment: string;
  nonResident: boolean;
}

/**
 * Records a payment (carte, chèque, virement, espèces), partial or full, of one invoice: the invoice page passes
 * it; the payments page lets the cashier find it. A refused payment keeps what was typed.
 */
export function PaymentModal({
  invoice,
  onClose,
  onSaved,
}: {
  invoice?: PayableInvoice;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const formId = useId();
  const { saving, run } = useSaveAction();
  const [chosen, setChosen] = useState<PayableInvoice | undefined>(invoice);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 300);
  const [options, setOptions] = useState<PayableOption[]>([]);

  useEffect(() => {
    if (invoice) return;
    let live = true;
    searchPayableInvoices(term)
      .then((rows) => live && setOptions(rows))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [invoice, term]);

  const due = chosen ? invoiceBalance(chosen) : 0;

  const save = async (values: Values) => {
    if (!chosen) return;
    const saved = await run(() => recordPayment({ ...values, invoiceId: chosen.id }), { done: PAYMENT_SAVED });
    if (saved) onSaved();
  };

  return (
    <Modal
      open
      title={chosen?.number ? `Paiement de la facture ${chosen.number}` : 'Enregistrer un paiement'}
      okText="Enregistrer"
      cancelText="Annuler"
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving, disabled: !chosen }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        id={formId}
        form={form}
        layout="vertical"
        initialValues={{
          type: chosen?.billTo === 'insurer' ? 'transfer' : 'card',
          date: parisToday(),
          comment: '',
          nonResident: false,
          amount: due > 0 ? centsToText(due) : '',
        }}
        onFinish={(values) => void save(values)}
      >
        {invoice ? null : (
          <Form.Item label="Facture" required>
            <Select
              showSearch
              filterOption={false}
              placeholder="N° de facture (ou de l’ancien logiciel) ou nom du client"
              onSearch={setSearch}
              value={chosen?.id}
              notFoundContent="Aucune facture à encaisser"
              options={options.map((row) => ({
                value: row.id,
                label: `${row.openingBalance ? `${OPENING_BALANCE_LABEL} ` : ''}${row.number ?? 'Brouillon'} · ${row.customer} · reste ${formatCents(invoiceBalance(row))}`,
              }))}
              onChange={(id: number) => {
                const row = options.find((option) => option.id === id);
                setChosen(row);
                if (row) form.setFieldValue('amount', centsToText(invoiceBalance(row)));
                if (row?.billTo === 'insurer') form.setFieldValue('type', 'transfer');
              }}
            />
          </Form.Item>
        )}
        {chosen ? (
          <Typography.Paragraph>
            Total {formatCents(chosen.totalAmount)}
            {chosen.creditedAmount > 0 ? ` · avoirs ${formatCents(-chosen.creditedAmount)}` : ''} · déjà payé{' '}
            {formatCents(chosen.paidAmount)} · <strong>reste {formatCents(due)}</strong>
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="amount" label="Montant (€)" rules={[zodRule(paymentBodySchema.shape.amount)]}>
          <Input inputMode="decimal" placeholder="0,00" />
        </Form.Item>
        <Form.Item name="type" label="Moyen de paiement">
          <Radio.Group
            optionType="button"
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(before, after) => before.type !== after.type}>
          {({ getFieldValue }) =>
            getFieldValue('type') === 'cash' ? (
              <Form.Item
                name="nonResident"
                valuePropName="checked"
                extra="En espèces : 1 000 € au plus par facture, 15 000 € pour un particulier domicilié fiscalement hors de France (C. monét. fin., art. L112-6 et D112-3)."
              >
                <Checkbox>Particulier domicilié fiscalement hors de France</Checkbox>
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <ValueDateField issuedAt={chosen?.issuedAt} />
        <Form.Item name="comment" label="Commentaire">
          <Input.TextArea rows={2} maxLength={500} placeholder="N° de chèque, référence du virement…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
