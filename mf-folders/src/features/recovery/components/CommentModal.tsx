import { Form, Input, Modal } from 'antd';
import {
  RECOVERY_COMMENT_MAX,
  RECOVERY_COMMENT_REQUIRED,
  RECOVERY_COMMENT_TOO_LONG,
  type RecoveryRow,
} from 'contracts';
import { useId } from 'react';
import { useSaveAction } from 'shared-ui';
import { commentRecovery } from '../api/recovery';
import { RECOVERY_COMMENT_SAVED } from '../lib/labels';

/** "Commenter": a plain-text comment on the recovery, written to its steps and the folder's history, notified. */
export function CommentModal({
  row,
  onClose,
  onSaved,
}: {
  row: RecoveryRow & { recoveryId: number };
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ content: string }>();
  const formId = useId();
  const { saving, run } = useSaveAction();

  const save = async ({ content }: { content: string }) => {
    const saved = await run(() => commentRecovery(row.recoveryId, { content }), { done: RECOVERY_COMMENT_SAVED });
    if (saved) onSaved();
  };

  return (
    <Modal
      open
      title={`Commenter le recouvrement de la facture ${row.documentNumber}`}
      okText="Ajouter le commentaire"
      cancelText="Annuler"
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<{ content: string }>
        id={formId}
        form={form}
        layout="vertical"
        initialValues={{ content: '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="content"
          label="Commentaire"
          rules={[
            // The server's rule and words (recoveryCommentBodySchema), without its schema in every page's JS.
            { required: true, whitespace: true, message: RECOVERY_COMMENT_REQUIRED },
            { max: RECOVERY_COMMENT_MAX, message: RECOVERY_COMMENT_TOO_LONG },
          ]}
        >
          <Input.TextArea rows={5} maxLength={RECOVERY_COMMENT_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
