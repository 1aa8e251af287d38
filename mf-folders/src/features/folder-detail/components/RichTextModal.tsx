import { Form, Modal } from 'antd';
import { isBlankHtml } from 'contracts';
import { RichTextEditor, useSaveAction } from 'shared-ui';

export interface RichTextModalProps {
  open: boolean;
  title: string;
  /** Accessible name of the editor. */
  label: string;
  requiredMessage: string;
  okText?: string;
  /** Saves the HTML; a rejection keeps the modal open with what was typed. */
  onSave: (content: string) => Promise<void>;
  onClose: () => void;
}

/** A modal around one mandatory rich-text field: comments, relances, anomalies, reopening. */
export function RichTextModal({
  open,
  title,
  label,
  requiredMessage,
  okText = 'Enregistrer',
  onSave,
  onClose,
}: RichTextModalProps) {
  const [form] = Form.useForm<{ content: string }>();
  const { saving, run } = useSaveAction();

  const save = async ({ content }: { content: string }) => {
    // On a refusal, what was typed stays in the editor.
    if (!(await run(() => onSave(content)))) return;
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="Annuler"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} preserve={false}>
        <Form.Item
          name="content"
          rules={[
            {
              validator: (_, value: string | undefined) =>
                isBlankHtml(value) ? Promise.reject(new Error(requiredMessage)) : Promise.resolve(),
            },
          ]}
        >
          <RichTextEditor label={label} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
