import { Button, Card, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { APPOINTMENT_CANCELLED, APPOINTMENT_SAVED, appointmentDateIssue, type FolderDetail } from 'contracts';
import { useState } from 'react';
import { formatDateTime, RichTextEditor, SafeHtml, useSaveAction } from 'shared-ui';
import { updateAppointment } from '../api/folder-activity';
import { fromLocalInput, toLocalInput } from './appointment-input';

interface Values {
  appointmentAt?: string;
  comment?: string;
}

const dateRule = {
  validator: (_: unknown, value?: string) => {
    const iso = fromLocalInput(value);
    const issue = iso ? appointmentDateIssue(iso) : 'Choisissez la date et l’heure du rendez-vous';
    return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
  },
};

/**
 * The folder's appointment. The form (the browser's own date-time picker, keyboard and phone friendly, and a
 * rich-text comment) opens in a modal, so the editor loads only when someone sets an appointment; it is sent
 * as form data through the update call (spec section 5).
 */
export function AppointmentCard({ folder, onSaved }: { folder: FolderDetail; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState(false);
  const { saving, run } = useSaveAction();

  const save = async (appointmentAt: string | null, comment: string) => {
    const saved = await run(
      () => updateAppointment(folder.id, { appointmentAt, comment }),
      appointmentAt ? APPOINTMENT_SAVED : APPOINTMENT_CANCELLED,
    );
    if (!saved) return;
    setEditing(false);
    onSaved();
  };

  return (
    <Card
      title="Rendez-vous"
      size="small"
      extra={
        <Space>
          {folder.appointmentAt ? (
            <Popconfirm
              title="Annuler ce rendez-vous ?"
              okText="Oui, annuler"
              cancelText="Non"
              onConfirm={() => save(null, folder.appointmentComment ?? '')}
            >
              <Button danger disabled={saving}>
                Annuler le rendez-vous
              </Button>
            </Popconfirm>
          ) : null}
          <Button type="primary" onClick={() => setEditing(true)}>
            {folder.appointmentAt ? 'Modifier le rendez-vous' : 'Fixer le rendez-vous'}
          </Button>
        </Space>
      }
    >
      {folder.appointmentAt ? (
        <div data-testid="appointment-current">
          <Typography.Text strong>{formatDateTime(folder.appointmentAt)}</Typography.Text>
          {folder.appointmentComment ? <SafeHtml html={folder.appointmentComment} /> : null}
        </div>
      ) : (
        <Typography.Text type="secondary">Aucun rendez-vous fixé.</Typography.Text>
      )}
      <Modal
        open={editing}
        title="Rendez-vous"
        okText="Enregistrer le rendez-vous"
        cancelText="Fermer"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(false)}
        destroyOnHidden
      >
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            appointmentAt: toLocalInput(folder.appointmentAt),
            comment: folder.appointmentComment ?? '',
          }}
          onFinish={(values) => void save(fromLocalInput(values.appointmentAt), values.comment ?? '')}
        >
          <Form.Item name="appointmentAt" label="Date et heure" rules={[dateRule]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="comment" label="Commentaire">
            <RichTextEditor label="Commentaire du rendez-vous" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
