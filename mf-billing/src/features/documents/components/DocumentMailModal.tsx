import { Checkbox, Form, Input, Modal, Skeleton, Typography } from 'antd';
import {
  type BillingDocument,
  DOCUMENT_MAIL_BODY_MAX,
  DOCUMENT_MAIL_SUBJECT_MAX,
  documentMailRequestSchema,
} from 'contracts';
import { useId } from 'react';
import { EmptyState, useApiQuery, useInvalidate, useSaveAction, zodRule } from 'shared-ui';
import { getDocumentMailDraft, sendDocumentMail } from '../api/documents';

interface MailValues {
  to: string;
  copyToGarage: boolean;
  subject: string;
  body: string;
}

export const DOCUMENT_MAIL_QUEUED = 'E-mail mis en file d’envoi, PDF joint';
const fields = documentMailRequestSchema.shape;

/**
 * « Envoyer par e-mail »: the garage's text, prefilled (recipient from the document or its folder, subject and body
 * from the mail template), the document's PDF attached by the server — for an issued document, its original.
 */
export function DocumentMailModal({ document, onClose }: { document: BillingDocument; onClose: () => void }) {
  const formId = useId();
  const [form] = Form.useForm<MailValues>();
  const { saving, run } = useSaveAction();
  const draft = useApiQuery(`api/quotation/${document.id}/mail/draft`, () => getDocumentMailDraft(document.id), {
    // Always the template as it is now: a draft read earlier is not offered again.
    gcTime: 0,
  });
  const invalidate = useInvalidate();

  const send = async (values: MailValues) => {
    const sent = await run(() => sendDocumentMail(document.id, values), { done: DOCUMENT_MAIL_QUEUED });
    if (!sent) return;
    // The document's sendings (« Envois par e-mail ») read again; a draft quote once mailed is « envoyé ».
    void invalidate(`api/quotation/${document.id}`);
    onClose();
  };

  const garageEmail = draft.data?.garageEmail ?? null;
  return (
    <Modal
      open
      title={`Envoyer ${document.number ?? 'le brouillon'} par e-mail`}
      okText="Envoyer"
      cancelText="Annuler"
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving, disabled: !draft.data }}
      width={640}
      destroyOnHidden
    >
      {draft.data ? (
        <Form
          form={form}
          id={formId}
          layout="vertical"
          initialValues={{ ...draft.data, copyToGarage: false }}
          onFinish={(values) => void send(values)}
        >
          <Form.Item label="Destinataire" name="to" required rules={[zodRule(fields.to)]}>
            <Input type="email" autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item name="copyToGarage" valuePropName="checked">
            <Checkbox disabled={!garageEmail}>
              {garageEmail
                ? `Copie au garage (${garageEmail})`
                : 'Copie au garage : aucune adresse dans « Ma société »'}
            </Checkbox>
          </Form.Item>
          <Form.Item label="Objet" name="subject" required rules={[zodRule(fields.subject)]}>
            <Input maxLength={DOCUMENT_MAIL_SUBJECT_MAX} />
          </Form.Item>
          <Form.Item label="Message" name="body" required rules={[zodRule(fields.body)]}>
            <Input.TextArea rows={9} maxLength={DOCUMENT_MAIL_BODY_MAX} />
          </Form.Item>
          <Typography.Text type="secondary">
            Pièce jointe : {document.number ?? `brouillon-${document.id}`}.pdf
            {document.status === 'draft' ? '' : ', le document tel qu’émis'}
          </Typography.Text>
        </Form>
      ) : draft.error ? (
        <EmptyState description="Impossible de préparer l’e-mail." />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
}
