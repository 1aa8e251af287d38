import { Form, Input, Modal, Typography } from 'antd';
import { type BillingDocument, creditNoteBodySchema, invoiceBalance } from 'contracts';
import { useId } from 'react';
import { formatCents, zodRule } from 'shared-ui';
import { createCreditNote } from '../api/documents';
import { useDocumentCache } from '../hooks/use-document-cache';
import { useOpenNewDraft } from '../hooks/use-open-new-draft';

/**
 * "Faire un avoir": asks why (printed on the credit note), then opens the credit-note draft, made of the invoice's
 * lines with negative quantities: lower them for a partial credit. Issuing it checks what is left to credit.
 */
export function CreditNoteModal({ invoice, onClose }: { invoice: BillingDocument; onClose: () => void }) {
  const formId = useId();
  const [form] = Form.useForm<{ reason: string }>();
  const cache = useDocumentCache();
  const credited = invoice.creditedAmount;
  const { saving, open } = useOpenNewDraft('Avoir créé (brouillon) : ajustez ses lignes, puis émettez-le', {
    changed: () => void cache.listed(invoice.folderId),
    close: onClose,
  });
  const create = ({ reason }: { reason: string }) => open(() => createCreditNote(invoice.id, reason));

  return (
    <Modal
      open
      title={`Avoir sur la facture ${invoice.number ?? ''}`}
      okText="Créer l’avoir"
      cancelText="Annuler"
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        L’avoir reprend le client et les lignes de la facture en négatif. Total de la facture{' '}
        {formatCents(invoice.totalAmount)}
        {credited > 0 ? `, déjà crédité ${formatCents(credited)}` : ''}, reste dû {formatCents(invoiceBalance(invoice))}
        .
      </Typography.Paragraph>
      <Form form={form} id={formId} layout="vertical" onFinish={(values) => void create(values)}>
        <Form.Item label="Motif de l’avoir" name="reason" required rules={[zodRule(creditNoteBodySchema.shape.reason)]}>
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={500}
            placeholder="Ex. : pose annulée, erreur de tarif, geste commercial"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
