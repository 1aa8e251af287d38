import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { APPOINTMENT_CANCELLED, APPOINTMENT_SAVED, CALENDAR_NO_TECHNICIAN, type FolderDetail } from 'contracts';
import { lazy, Suspense, useState } from 'react';

import { formatDateTime, SafeHtml, useSaveAction } from 'shared-ui';
import { durationLabel } from '../../../lib/week';
import { type AppointmentValues, updateAppointment } from '../api/folder-activity';

/** The appointment's form loads when it is opened: the folder page does not carry it. */
const AppointmentDialog = lazy(() =>
  import('./AppointmentDialog').then((module) => ({ default: module.AppointmentDialog })),
);

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
  const [editing, setEditing] = useState(false);
  const { saving, run } = useSaveAction();

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
      {editing ? (
        <Suspense fallback={null}>
          <AppointmentDialog folder={folder} saving={saving} onSave={save} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
