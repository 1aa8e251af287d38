import { Button, Card, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { APPOINTMENT_CANCELLED, APPOINTMENT_SAVED, appointmentDateIssue, type FolderDetail } from 'contracts';
import { useState } from 'react';
import { formatDateTime, RichTextEditor, SafeHtml, useFeedback } from 'shared-ui';
import { updateAppointment } from '../api/folder-activity';
import { fromLocalInput, toLocalInput } from './appointment-input';

interface Values {
  appointmentAt?: string;
  comment?: string;
}

/**
 * The folder's appointment: date and time (the browser's own picker: keyboard and phone friendly) and a
 * rich-text comment, sent as form data through the update call (spec section 5).
 */
export function AppointmentCard({ folder, onSaved }: { folder: FolderDetail; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const feedback = useFeedback();
  const [saving, setSaving] = useState(false);

  const save = async (appointmentAt: string | null, comment: string) => {
    setSaving(true);
    try {
      await updateAppointment(folder.id, { appointmentAt, comment });
      feedback.success(appointmentAt ? APPOINTMENT_SAVED : APPOINTMENT_CANCELLED);
      onSaved();
    } catch (error) {
      feedback.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Rendez-vous" size="small">
      {folder.appointmentAt ? (
        <div data-testid="appointment-current" style={{ marginBottom: 12 }}>
          <Typography.Text strong>{formatDateTime(folder.appointmentAt)}</Typography.Text>
          {folder.appointmentComment ? <SafeHtml html={folder.appointmentComment} /> : null}
        </div>
      ) : (
        <Typography.Paragraph type="secondary">Aucun rendez-vous fixé.</Typography.Paragraph>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          appointmentAt: toLocalInput(folder.appointmentAt),
          comment: folder.appointmentComment ?? '',
        }}
        onFinish={(values) => void save(fromLocalInput(values.appointmentAt), values.comment ?? '')}
      >
        <Form.Item
          name="appointmentAt"
          label="Date et heure"
          rules={[
            {
              validator: (_, value?: string) => {
                const iso = fromLocalInput(value);
                const issue = iso ? appointmentDateIssue(iso) : 'Choisissez la date et l’heure du rendez-vous';
                return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="comment" label="Commentaire">
          <RichTextEditor label="Commentaire du rendez-vous" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            Enregistrer le rendez-vous
          </Button>
          {folder.appointmentAt ? (
            <Popconfirm
              title="Annuler ce rendez-vous ?"
              okText="Oui, annuler"
              cancelText="Non"
              onConfirm={() => save(null, form.getFieldValue('comment') ?? '')}
            >
              <Button danger disabled={saving}>
                Annuler le rendez-vous
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
}
