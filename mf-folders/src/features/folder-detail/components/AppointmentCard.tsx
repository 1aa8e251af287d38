import { Button, Card, Col, Form, Modal, Popconfirm, Row, Select, Space, Typography } from 'antd';
import {
  APPOINTMENT_CANCELLED,
  APPOINTMENT_DURATIONS,
  APPOINTMENT_SAVED,
  appointmentDateIssue,
  CALENDAR_NO_TECHNICIAN,
  type FolderDetail,
} from 'contracts';
import { useState } from 'react';
import { DateTimeField, formatDateTime, RichTextEditor, SafeHtml, useApiQuery, useSaveAction } from 'shared-ui';
import { defaultValuesPath, getDefaultValues } from '../../../api/create-folder';
import { fromLocalInput, toLocalInput } from '../../../lib/appointment-input';
import { durationLabel } from '../../../lib/week';
import { type AppointmentValues, updateAppointment } from '../api/folder-activity';

/** The select's value for « Sans poseur » (an id is a number). */
const NONE = 'none';

interface Values {
  appointmentAt?: string;
  comment?: string;
  minutes?: number;
  technician?: number | typeof NONE;
}

/**
 * The garage's fitters, asked when the form opens (the calendar shows the same list): picked from the folder form's
 * choices, one read shared with « Modifier le dossier ».
 */
function useTechnicians(companyId: number, open: boolean) {
  const choices = useApiQuery(open ? defaultValuesPath(companyId) : null, () => getDefaultValues(companyId), {
    select: (values) => values.technicians,
  });
  return choices.data ?? [];
}

const dateRule = {
  validator: (_: unknown, value?: string) => {
    const iso = fromLocalInput(value);
    const issue = iso ? appointmentDateIssue(iso) : 'Choisissez la date et l’heure du rendez-vous';
    return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
  },
};

/**
 * The card's buttons: short words beside its title (which names the appointment, and would be cut otherwise), full
 * names for screen readers.
 */
function AppointmentActions({
  booked,
  saving,
  onEdit,
  onCancel,
}: {
  booked: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
}) {
  return (
    <Space>
      {booked ? (
        <Popconfirm title="Annuler ce rendez-vous ?" okText="Oui, annuler" cancelText="Non" onConfirm={onCancel}>
          <Button danger disabled={saving} aria-label="Annuler le rendez-vous">
            Annuler
          </Button>
        </Popconfirm>
      ) : null}
      <Button type="primary" onClick={onEdit} aria-label={booked ? 'Modifier le rendez-vous' : 'Fixer le rendez-vous'}>
        {booked ? 'Modifier' : 'Fixer'}
      </Button>
    </Space>
  );
}

/**
 * The folder's appointment. The form (a French date-time picker, its length and fitter as the calendar has them,
 * and a rich-text comment) opens in a modal, so the editor loads only when someone sets an appointment; it is sent
 * as form data through the update call (docs/product.md).
 */
export function AppointmentCard({ folder, onSaved }: { folder: FolderDetail; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState(false);
  const { saving, run } = useSaveAction();
  const technicians = useTechnicians(folder.companyId, editing);

  const save = async (values: AppointmentValues) => {
    const saved = await run(() => updateAppointment(folder.id, values), {
      done: values.appointmentAt ? APPOINTMENT_SAVED : APPOINTMENT_CANCELLED,
    });
    if (!saved) return;
    setEditing(false);
    onSaved();
  };

  return (
    <Card
      title="Rendez-vous"
      size="small"
      extra={
        <AppointmentActions
          booked={Boolean(folder.appointmentAt)}
          saving={saving}
          onEdit={() => setEditing(true)}
          onCancel={() => save({ appointmentAt: null, comment: folder.appointmentComment ?? '' })}
        />
      }
    >
      {folder.appointmentAt ? (
        <div data-testid="appointment-current">
          <Typography.Text strong>{formatDateTime(folder.appointmentAt)}</Typography.Text>
          <Typography.Text type="secondary">
            {' '}
            · {durationLabel(folder.appointmentMinutes)} · {folder.technician?.name ?? CALENDAR_NO_TECHNICIAN}
          </Typography.Text>
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
            minutes: folder.appointmentMinutes,
            technician: folder.technician?.id ?? NONE,
          }}
          onFinish={(values) =>
            void save({
              appointmentAt: fromLocalInput(values.appointmentAt),
              comment: values.comment ?? '',
              minutes: values.minutes,
              technicianId: values.technician === NONE || values.technician === undefined ? null : values.technician,
            })
          }
        >
          <Form.Item name="appointmentAt" label="Date et heure" rules={[dateRule]}>
            <DateTimeField />
          </Form.Item>
          <Row gutter={12}>
            <Col span={10}>
              <Form.Item name="minutes" label="Durée">
                <Select options={APPOINTMENT_DURATIONS.map((value) => ({ value, label: durationLabel(value) }))} />
              </Form.Item>
            </Col>
            <Col span={14}>
              <Form.Item name="technician" label="Poseur">
                <Select
                  options={[
                    { value: NONE, label: CALENDAR_NO_TECHNICIAN },
                    ...technicians.map((technician) => ({ value: technician.id, label: technician.name })),
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="comment" label="Commentaire">
            <RichTextEditor label="Commentaire du rendez-vous" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
