import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import {
  centsToText,
  formatEurosText,
  type InsurerInvoice,
  insurerTransferBodySchema,
  parisToday,
  parseEuros,
  TRANSFER_SPLIT_SAVED,
  transferLeftOnAccount,
} from 'contracts';
import { useId } from 'react';
import { formatCents, useInvalidate, useSaveAction, zodRule } from 'shared-ui';
import { ValueDateField } from '../../../components/payment-modal/ValueDateField';
import { recordInsurerTransfer } from '../api/insurer-receivables';

interface Values {
  amount: string;
  type: 'transfer' | 'cheque';
  date: string;
  reference: string;
}

/** What the typed amount gives beyond what the invoices owe (0 when not above, or not yet an amount). */
const excessOf = (amount: string | undefined, owed: number) => Math.max(0, (parseEuros(amount ?? '') ?? 0) - owed);

/** Said before saving: the rest of an amount above what the invoices owe stays on the insurer's account. */
function LeftOnAccountNotice({ owed, insurer }: { owed: number; insurer: string }) {
  const excess = excessOf(Form.useWatch<string | undefined>('amount', Form.useFormInstance()), owed);
  if (excess === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={transferLeftOnAccount(formatEurosText(excess), insurer)}
    />
  );
}

/**
 * One insurer transfer (or cheque) for the invoices ticked: the amount, proposed as what they owe, settles them oldest
 * first, each to the cent, the last one partly; an amount above what they owe says, before saving, that the rest
 * stays on the insurer's account.
 */
export function InsurerTransferModal({
  insurer,
  invoices,
  prefill,
  onClose,
}: {
  insurer: string;
  invoices: InsurerInvoice[];
  /** Read from a bank statement's line: its amount, value date and text (the reference). */
  prefill?: { amount?: string; date?: string; reference: string };
  /** `paid`: the transfer was recorded (the ticks are spent). */
  onClose: (paid: boolean) => void;
}) {
  const formId = useId();
  const invalidate = useInvalidate();
  const { saving, run } = useSaveAction();
  const owed = invoices.reduce((sum, invoice) => sum + invoice.due, 0);
  // Its value date cannot precede any of the invoices it pays: not before the newest one's issue.
  const newest = invoices.reduce((day, invoice) => (invoice.issueDay > day ? invoice.issueDay : day), '');

  const save = async (values: Values) => {
    const leaveOnAccount = excessOf(values.amount, owed) > 0;
    const body = { ...values, invoiceIds: invoices.map((invoice) => invoice.id), leaveOnAccount };
    const done = await run(() => recordInsurerTransfer(body), { done: TRANSFER_SPLIT_SAVED(invoices.length) });
    if (!done) return;
    // Receivables, payments, the invoices and their folders all changed.
    void invalidate('api/paiement', 'api/quotation', 'api/folder');
    onClose(true);
  };

  return (
    <Modal
      open
      title={`Virement de ${insurer}`}
      okText="Enregistrer le virement"
      cancelText="Annuler"
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {invoices.length} facture{invoices.length > 1 ? 's' : ''} choisie{invoices.length > 1 ? 's' : ''} · reste dû{' '}
        <strong>{formatCents(owed)}</strong>. Le montant les règle de la plus ancienne à la plus récente.
      </Typography.Paragraph>
      <Form<Values>
        id={formId}
        layout="vertical"
        initialValues={{
          amount: prefill?.amount ?? centsToText(owed),
          type: 'transfer',
          date: prefill?.date ?? parisToday(),
          reference: prefill?.reference ?? '',
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="amount" label="Montant reçu (€)" rules={[zodRule(insurerTransferBodySchema.shape.amount)]}>
          <Input inputMode="decimal" placeholder="0,00" />
        </Form.Item>
        <LeftOnAccountNotice owed={owed} insurer={insurer} />
        <Form.Item name="type" label="Moyen de paiement">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'transfer', label: 'Virement' },
              { value: 'cheque', label: 'Chèque' },
            ]}
          />
        </Form.Item>
        <ValueDateField issuedAt={newest ? `${newest}T12:00:00Z` : null} />
        <Form.Item name="reference" label="Référence du virement">
          <Input maxLength={200} placeholder="Libellé du relevé bancaire" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
