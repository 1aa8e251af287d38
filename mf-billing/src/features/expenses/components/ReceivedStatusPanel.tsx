import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import {
  LIFECYCLE_REASONS,
  RECEIVED_NEXT,
  RECEIVED_REASONS,
  RECEIVED_STATUS_LABELS,
  type ReceivedInvoiceView,
  type ReceivedStatus,
} from 'contracts';
import { useState } from 'react';
import { formatDateTime, useInvalidate, useSaveAction, useStoreAnswer } from 'shared-ui';
import { receivedPath, setReceivedStatus } from '../api/received';

type Answer = Exclude<ReceivedStatus, 'received'>;
type WithReason = 'refused' | 'disputed';

const BUTTONS: Record<Answer, string> = {
  taken: 'Prendre en charge',
  approved: 'Approuver',
  disputed: 'Mettre en litige…',
  refused: 'Refuser…',
};
/** The colours the rest of the product gives its statuses (preset colours: their text passes the contrast check). */
export const STATUS_COLORS: Record<ReceivedStatus, string> = {
  received: 'blue',
  taken: 'purple',
  approved: 'green',
  disputed: 'orange',
  refused: 'red',
};

/** Where a status sent back stands: taken by the platform, or waiting with why and until when. */
function delivery(sent: ReceivedInvoiceView['sent'][number]) {
  if (sent.sentAt) return `transmis le ${formatDateTime(sent.sentAt)}`;
  const retry = sent.nextAttemptAt ? ` — nouvel essai le ${formatDateTime(sent.nextAttemptAt)}` : '';
  if (sent.lastError) return `non transmis : ${sent.lastError}${retry}`;
  return 'mis en file d’envoi vers la plateforme';
}

/** The reason the supplier receives with a refusal or a dispute: one of the French rules' list, and a precision. */
function ReasonForm({
  status,
  saving,
  onSend,
  onCancel,
}: {
  status: WithReason;
  saving: boolean;
  onSend: (values: { reasonCode: string; reasonText: string }) => void;
  onCancel: () => void;
}) {
  return (
    <Form layout="vertical" onFinish={onSend} initialValues={{ reasonCode: undefined, reasonText: '' }}>
      <Form.Item
        name="reasonCode"
        label={status === 'refused' ? 'Motif du refus' : 'Motif du litige'}
        rules={[{ required: true, message: 'Choisissez le motif : le fournisseur le reçoit avec le statut' }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          options={RECEIVED_REASONS[status].map((code) => ({ value: code, label: LIFECYCLE_REASONS[code] }))}
        />
      </Form.Item>
      <Form.Item name="reasonText" label="Précision pour le fournisseur">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Space>
        <Button htmlType="submit" type="primary" danger={status === 'refused'} loading={saving}>
          Envoyer au fournisseur
        </Button>
        <Button onClick={onCancel}>Annuler</Button>
      </Space>
    </Form>
  );
}

/**
 * The garage's answer to its supplier: « Prendre en charge », « Approuver », « Mettre en litige » or « Refuser »
 * with one of the reasons the French rules accept, sent back through the platform; below, each status sent and
 * whether the platform took it. Approved and refused are final.
 */
export function ReceivedStatusPanel({ invoice }: { invoice: ReceivedInvoiceView }) {
  const [asking, setAsking] = useState<WithReason | null>(null);
  const { run, saving } = useSaveAction();
  const store = useStoreAnswer();
  const invalidate = useInvalidate();

  const send = (status: Answer, reason = { reasonCode: '', reasonText: '' }) =>
    run(
      async () => {
        const answer = await setReceivedStatus(invoice.expenseId, { status, ...reason });
        store(receivedPath(invoice.expenseId), answer);
        setAsking(null);
        await invalidate('api/expense/list');
      },
      { key: status, done: `${RECEIVED_STATUS_LABELS[status]} : le statut part vers le fournisseur` },
    );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Tag color={STATUS_COLORS[invoice.status]}>{RECEIVED_STATUS_LABELS[invoice.status]}</Tag>
        {invoice.statusReason ? (
          <Typography.Text type="secondary">
            {LIFECYCLE_REASONS[invoice.statusReason.code as keyof typeof LIFECYCLE_REASONS] ??
              invoice.statusReason.code}
            {invoice.statusReason.text ? ` — ${invoice.statusReason.text}` : ''}
          </Typography.Text>
        ) : null}
        {RECEIVED_NEXT[invoice.status].map((status) => (
          <Button
            key={status}
            danger={status === 'refused'}
            type={status === 'approved' ? 'primary' : 'default'}
            disabled={saving}
            onClick={() => (status === 'refused' || status === 'disputed' ? setAsking(status) : void send(status))}
          >
            {BUTTONS[status]}
          </Button>
        ))}
      </Space>
      {asking ? (
        <ReasonForm
          status={asking}
          saving={saving}
          onSend={(values) => void send(asking, values)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {invoice.sent.length > 0 ? (
        <ul aria-label="Statuts transmis au fournisseur" style={{ margin: 0, paddingLeft: 20 }}>
          {invoice.sent.map((sent) => (
            <li key={sent.createdAt}>
              {sent.status} : {delivery(sent)}
            </li>
          ))}
        </ul>
      ) : null}
    </Space>
  );
}
