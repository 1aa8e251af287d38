import { Alert, Form, Input, Modal } from 'antd';
import {
  BILLING_DOCUMENT_ISSUED,
  type BillingDocument,
  cessionOverrideSchema,
  INSURER_INVOICE_NEEDS_CESSION,
} from 'contracts';
import { useId } from 'react';
import { useSaveAction, zodRule } from 'shared-ui';
import { issueDocument } from '../api/documents';

/**
 * An insurer invoice rests on the insured's signed cession de créance. When the folder has none, the server refuses
 * the issue; this dialog says so and issues anyway only with a reason, which the server writes in the folder's history
 * and prints on the invoice.
 */
export function CessionOverrideModal({
  invoice,
  onIssued,
  onClose,
}: {
  invoice: BillingDocument;
  /** The issued invoice, as the server answered it. */
  onIssued: (issued: BillingDocument) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [form] = Form.useForm<{ reason: string }>();
  const { saving, run } = useSaveAction();

  const issue = async ({ reason }: { reason: string }) => {
    let issued: BillingDocument | undefined;
    const done = await run(
      async () => {
        issued = await issueDocument(invoice.id, { cessionOverride: reason });
      },
      { done: BILLING_DOCUMENT_ISSUED },
    );
    if (!done || !issued) return;
    onClose();
    onIssued(issued);
  };

  return (
    <Modal
      open
      title="Émettre sans cession de créance signée ?"
      okText="Émettre quand même"
      cancelText="Annuler"
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving, danger: true }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={INSURER_INVOICE_NEEDS_CESSION} style={{ marginBottom: 16 }} />
      <Form form={form} id={formId} layout="vertical" onFinish={(values) => void issue(values)}>
        <Form.Item
          label="Motif (écrit dans l’historique du dossier et sur la facture)"
          name="reason"
          required
          rules={[zodRule(cessionOverrideSchema)]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={500} placeholder="Ex. : accord de l’assureur par téléphone" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
