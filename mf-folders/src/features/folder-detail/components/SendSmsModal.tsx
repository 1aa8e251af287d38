import { Form, Modal, Select } from 'antd';
import {
  type FolderSmsTemplate,
  labelMatches,
  SMS_EMPTY_MESSAGE,
  SMS_MAX_SEGMENTS,
  SMS_PURPOSE_LABELS,
  SMS_TOO_LONG_MESSAGE,
  smsSegments,
} from 'contracts';
import { SmsTextArea, useSaveAction } from 'shared-ui';
import { sendFolderSms } from '../api/folder-sms';

/** Said when the SMS is written: it leaves when the provider takes it (the card then says « Envoyé »). */
export const SMS_QUEUED = 'SMS mis en file d’envoi';

interface SmsForm {
  templateId?: number;
  text: string;
}

const tooLong = {
  validator: (_: unknown, value: string | undefined) =>
    smsSegments((value ?? '').trim()).segments > SMS_MAX_SEGMENTS
      ? Promise.reject(new Error(SMS_TOO_LONG_MESSAGE))
      : Promise.resolve(),
};

/** A template in the picker: its name, and the automatic sending it serves. */
const templateOption = (template: FolderSmsTemplate) => ({
  value: template.id,
  label: template.purpose ? `${template.subject} (${SMS_PURPOSE_LABELS[template.purpose]})` : template.subject,
});

/**
 * Writes an SMS to the folder's customer: a template's text (already filled for the folder) to keep or edit, its
 * characters and parts counted as typed (GSM-7 or Unicode). The number is never shown: the server sends to it.
 */
export function SendSmsModal({
  folderId,
  templates,
  open,
  initialTemplateId,
  onClose,
  onSent,
}: {
  folderId: number;
  templates: FolderSmsTemplate[];
  open: boolean;
  initialTemplateId?: number | undefined;
  onClose: () => void;
  onSent: () => void;
}) {
  const [form] = Form.useForm<SmsForm>();
  const { saving, run } = useSaveAction();
  const initial = templates.find((template) => template.id === initialTemplateId);

  const submit = async ({ templateId, text }: SmsForm) => {
    const sent = await run(() => sendFolderSms(folderId, { text, ...(templateId ? { templateId } : {}) }), {
      done: SMS_QUEUED,
      failure: 'Le SMS n’a pas pu être envoyé',
    });
    if (sent) {
      form.resetFields();
      onSent();
    }
  };

  return (
    <Modal
      title="Envoyer un SMS au client"
      open={open}
      okText="Envoyer"
      cancelText="Annuler"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ templateId: initial?.id, text: initial?.text ?? '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="templateId" label="Modèle">
          <Select
            aria-label="Modèle"
            allowClear
            // Typed letters find a template by its name, accents and case aside.
            showSearch
            filterOption={(typed, option) => labelMatches(typed, option?.label)}
            placeholder={templates.length ? 'Choisir un modèle SMS' : 'Aucun modèle SMS : écrivez le texte'}
            options={templates.map(templateOption)}
            onChange={(id: number | undefined) => {
              const chosen = templates.find((template) => template.id === id);
              if (chosen) form.setFieldValue('text', chosen.text);
            }}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label="Texte"
          rules={[{ required: true, whitespace: true, message: SMS_EMPTY_MESSAGE }, tooLong]}
        >
          <SmsTextArea label="Texte du SMS" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
