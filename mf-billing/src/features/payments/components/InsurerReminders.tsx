import { Alert, Button } from 'antd';
import { type AutoReminder, autoReminderText, type InsurerInvoice, insurerReminded } from 'contracts';
import { Link } from 'react-router-dom';
import { useInvalidate, useSaveAction } from 'shared-ui';
import { remindInsurerInvoices } from '../api/insurer-receivables';

/** Whether the garages remind insurers by themselves, and where to turn it on. */
export function AutoReminderNotice({ autoReminder }: { autoReminder: AutoReminder }) {
  return (
    <Alert
      type={autoReminder.active > 0 ? 'success' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      message={autoReminderText(autoReminder)}
      action={autoReminder.active === 0 ? <Link to="/message_template/mail/list">Modèles de messages</Link> : undefined}
    />
  );
}

/**
 * « Relancer par e-mail »: the ticked invoices past due reminded now; those that could not be, and why. The ticks
 * stay: the same invoices are often paid or chased further right after.
 */
export function RemindButton({ ticked }: { ticked: InsurerInvoice[] }) {
  const invalidate = useInvalidate();
  const { saving, run } = useSaveAction();
  const remind = async () => {
    const done = await run(() => remindInsurerInvoices({ invoiceIds: ticked.map((invoice) => invoice.id) }), {
      done: ({ reminded, skipped }) =>
        [
          insurerReminded(reminded.length),
          ...skipped.map((invoice) => `${invoice.number} non relancée : ${invoice.reason}`),
        ].join(' · '),
    });
    if (done) void invalidate('api/paiement/receivables');
  };
  return (
    <Button disabled={ticked.length === 0} loading={saving} onClick={() => void remind()}>
      Relancer par e-mail ({ticked.length})
    </Button>
  );
}
