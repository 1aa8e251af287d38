import { Col, Form, Modal, Row, Select } from 'antd';
import { APPOINTMENT_DURATIONS, appointmentDateIssue, CALENDAR_NO_TECHNICIAN, type FolderDetail } from 'contracts';
import { DateTimeField, RichTextEditor, useApiQuery } from 'shared-ui';
import { defaultValuesPath, getDefaultValues } from '../../../api/create-folder';
import { fromLocalInput, toLocalInput } from '../../../lib/appointment-input';
import { durationLabel } from '../../../lib/week';
import type { AppointmentValues } from '../api/folder-activity';

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
 * The folder's appointment form (a French date-time picker, its length and fitter as the calendar has them, and a
 * rich-text comment), loaded when someone opens it: the folder page itself does not carry it.
 */
export function AppointmentDialog({
  folder,
  saving,
  onSave,
  onClose,
}: {
  folder: FolderDetail;
  saving: boolean;
  onSave: (values: AppointmentValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const technicians = useTechnicians(folder.companyId, true);
  return (
    <Modal
      open
      title="Rendez-vous"
      okText="Enregistrer le rendez-vous"
      cancelText="Fermer"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
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
          void onSave({
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
  );
}
