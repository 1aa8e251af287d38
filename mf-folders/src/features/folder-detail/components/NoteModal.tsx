import { Form, Modal } from 'antd';
import {
  FOLDER_NOTE_LABELS,
  FOLDER_NOTE_SAVED,
  type FolderNoteKind,
  isBlankHtml,
  NOTE_REQUIRED_MESSAGE,
} from 'contracts';
import { useState } from 'react';
import { RichTextEditor, useFeedback } from 'shared-ui';
import { addNote } from '../api/add-note';

/** The comment, relance and anomaly modals: a rich-text note written to the folder's history. */
export function NoteModal({
  folderId,
  kind,
  onClose,
  onSaved,
}: {
  folderId: number;
  kind: FolderNoteKind | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ content: string }>();
  const feedback = useFeedback();
  const [saving, setSaving] = useState(false);

  const save = async ({ content }: { content: string }) => {
    if (!kind) return;
    setSaving(true);
    try {
      await addNote(folderId, { kind, content });
      feedback.success(FOLDER_NOTE_SAVED[kind]);
      form.resetFields();
      onSaved();
      onClose();
    } catch (error) {
      // What was typed stays in the editor.
      feedback.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={kind !== undefined}
      title={kind ? FOLDER_NOTE_LABELS[kind] : ''}
      okText="Enregistrer"
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
                isBlankHtml(value) ? Promise.reject(new Error(NOTE_REQUIRED_MESSAGE)) : Promise.resolve(),
            },
          ]}
        >
          <RichTextEditor label={kind ? FOLDER_NOTE_LABELS[kind] : 'Texte'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
