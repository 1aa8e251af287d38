import { Button, Form, Modal, Popconfirm, Select } from 'antd';
import {
  APPOINTMENT_DURATIONS,
  APPOINTMENT_MINUTES_DEFAULT,
  appointmentDateIssue,
  CALENDAR_NO_TECHNICIAN,
  type CalendarAppointment,
  type CalendarMoveBody,
  type CalendarTechnician,
} from 'contracts';
import { useState } from 'react';
import { DateTimeField } from 'shared-ui';
import { FolderSelect } from '../../../components/folder-select/FolderSelect';
import { fromLocalInput, toLocalInput } from '../../../lib/appointment-input';
import { durationLabel } from '../../../lib/week';

/** The technician select's value for "Sans poseur" (a select has no null option). */
const NONE = 'none';

interface Values {
  folderId?: number;
  start?: string;
  minutes: number;
  technician: string;
}

const dateRule = {
  validator: (_: unknown, value?: string) => {
    const iso = fromLocalInput(value);
    const issue = iso ? appointmentDateIssue(iso) : 'Choisissez la date et l’heure du rendez-vous';
    return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
  },
};

export interface AppointmentModalProps {
  /** The appointment moved; undefined: a new appointment for a folder to pick. */
  appointment?: CalendarAppointment;
  /** The slot a new appointment starts from. */
  defaults: { start: Date; technicianId: number | null };
  technicians: CalendarTechnician[];
  /** Several garages on screen (TOUT): fitters are named with theirs. */
  multiGarage: boolean;
  saving: boolean;
  onSave: (folderId: number, body: CalendarMoveBody) => Promise<boolean>;
  onCancelAppointment: (folderId: number) => Promise<boolean>;
  onClose: () => void;
}

/**
 * The keyboard's way to plan: date and time (the browser's own picker, as on the folder page), length and
 * fitter of an appointment, moved or new; a moved one can also be cancelled.
 */
export function AppointmentModal({
  appointment,
  defaults,
  technicians,
  multiGarage,
  saving,
  onSave,
  onCancelAppointment,
  onClose,
}: AppointmentModalProps) {
  const [form] = Form.useForm<Values>();
  const [cancelling, setCancelling] = useState(false);
  const minutes = appointment?.minutes ?? APPOINTMENT_MINUTES_DEFAULT;
  const durations: number[] = APPOINTMENT_DURATIONS.includes(minutes as (typeof APPOINTMENT_DURATIONS)[number])
    ? [...APPOINTMENT_DURATIONS]
    : [...APPOINTMENT_DURATIONS, minutes].sort((a, b) => a - b);
  // A moved appointment stays in its folder's garage; a new one is checked by the server (400 in French).
  const crew = appointment ? technicians.filter((row) => row.companyId === appointment.companyId) : technicians;
  const technicianId = appointment ? appointment.technicianId : defaults.technicianId;

  const submit = async (values: Values) => {
    const folderId = appointment?.folderId ?? values.folderId;
    const start = fromLocalInput(values.start);
    if (!folderId || !start) return;
    const saved = await onSave(folderId, {
      start,
      minutes: values.minutes,
      technicianId: values.technician === NONE ? null : Number(values.technician),
    });
    if (saved) onClose();
  };

  const cancel = async () => {
    if (!appointment) return;
    setCancelling(true);
    const done = await onCancelAppointment(appointment.folderId);
    setCancelling(false);
    if (done) onClose();
  };

  const title = appointment ? `Déplacer le rendez-vous ${appointment.plate}` : 'Nouveau rendez-vous';
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        appointment ? (
          <Popconfirm
            key="cancel"
            title="Annuler ce rendez-vous ?"
            okText="Oui, annuler"
            cancelText="Non"
            onConfirm={() => cancel()}
          >
            <Button danger loading={cancelling} disabled={saving} style={{ float: 'left' }}>
              Annuler le rendez-vous
            </Button>
          </Popconfirm>
        ) : null,
        <Button key="close" onClick={onClose}>
          Fermer
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => form.submit()}>
          Enregistrer
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          start: toLocalInput(appointment?.start ?? defaults.start.toISOString()),
          minutes,
          technician: technicianId === null ? NONE : String(technicianId),
        }}
        onFinish={(values) => void submit(values)}
      >
        {appointment ? null : (
          <Form.Item name="folderId" label="Dossier" rules={[{ required: true, message: 'Choisissez un dossier' }]}>
            <FolderSelect />
          </Form.Item>
        )}
        <Form.Item name="start" label="Date et heure" rules={[dateRule]}>
          <DateTimeField />
        </Form.Item>
        <Form.Item name="minutes" label="Durée">
          <Select options={durations.map((value) => ({ value, label: durationLabel(value) }))} />
        </Form.Item>
        <Form.Item name="technician" label="Poseur">
          <Select
            options={[
              ...crew.map((row) => ({
                value: String(row.id),
                label: multiGarage ? `${row.name} (${row.companyName})` : row.name,
              })),
              { value: NONE, label: CALENDAR_NO_TECHNICIAN },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
