import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { type BillingDocument, centsToText, depositBodySchema } from 'contracts';
import { useId, useState } from 'react';
import { formatCents, zodRule } from 'shared-ui';
import { createDeposit } from '../api/documents';
import { useDocumentCache } from '../hooks/use-document-cache';
import { useOpenNewDraft } from '../hooks/use-open-new-draft';

/** Quick shares of the quote a garage usually asks as a deposit. */
const SHARES = [30, 50];

/**
 * « Demander un acompte » on an issued quote: the amount TTC (or a share of the quote), then the deposit invoice's draft
 * opens, to issue (and settle at once when the customer pays at the desk). The final invoice will take it off.
 */
export function DepositModal({ quote, onClose }: { quote: BillingDocument; onClose: () => void }) {
  const formId = useId();
  const [form] = Form.useForm<{ amount: string }>();
  const cache = useDocumentCache();
  const { saving, open } = useOpenNewDraft('Facture d’acompte créée (brouillon) : émettez-la', {
    changed: () => void cache.changed(quote.id, quote.folderId),
    close: onClose,
  });
  const create = ({ amount }: { amount: string }) => open(() => createDeposit(quote.id, { amount }));

  return (
    <Modal
      open
      title={`Acompte sur le devis ${quote.number ?? ''}`}
      okText="Créer la facture d’acompte"
      cancelText="Annuler"
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Total du devis {formatCents(quote.totalAmount)} TTC. L’acompte est facturé aux taux de TVA du devis, et la
        facture finale le déduira.
      </Typography.Paragraph>
      <Form form={form} id={formId} layout="vertical" onFinish={(values) => void create(values)}>
        <Form.Item label="Montant de l’acompte TTC (€)" name="amount" rules={[zodRule(depositBodySchema.shape.amount)]}>
          <Input autoFocus inputMode="decimal" placeholder="Ex. : 150,00" />
        </Form.Item>
        <Space>
          {SHARES.map((share) => (
            <Button
              key={share}
              onClick={() =>
                form.setFieldsValue({ amount: centsToText(Math.round((quote.totalAmount * share) / 100)) })
              }
            >
              {share} %
            </Button>
          ))}
        </Space>
      </Form>
    </Modal>
  );
}

/** « Demander un acompte », on an issued quote not yet invoiced. */
export function DepositButton({ quote }: { quote: BillingDocument }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Demander un acompte</Button>
      {open ? <DepositModal quote={quote} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
