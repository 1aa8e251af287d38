import { App, Button } from 'antd';
import {
  APPOINTMENT_CANCELLED,
  appointmentDateIssue,
  CALENDAR_CLASH_MESSAGE,
  CALENDAR_MOVE_UNDONE,
  CALENDAR_MOVED,
  type CalendarAppointment,
  type CalendarMoveBody,
  folderApiPaths,
} from 'contracts';
import { useFeedback, useInvalidate, useSaveAction } from 'shared-ui';
import { cancelAppointment, moveAppointment } from '../api/calendar';

/** The message of a move by drag, with the way back (« Annuler », for eight seconds). */
function UndoMessage({ text, onUndo }: { text: string; onUndo: () => void }) {
  return (
    <span>
      {text}{' '}
      <Button type="link" size="small" onClick={onUndo} style={{ padding: 0, height: 'auto' }}>
        Annuler
      </Button>
    </span>
  );
}

/**
 * What the week does to an appointment: save it (set or moved, a clash said as a warning), move it by a drop (with
 * « Annuler » to put it back where it was), cancel it. After each, the week, the fitters' days and the folder read
 * again.
 */
export function useAppointmentChanges() {
  const { message } = App.useApp();
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const { saving, run } = useSaveAction();
  const changed = (folderId: number) => invalidate('api/calendar', 'api/fitter', ...folderApiPaths(folderId));

  const save = async (folderId: number, body: CalendarMoveBody, success: string, undo?: () => void) => {
    const issue = appointmentDateIssue(body.start);
    if (issue) {
      feedback.error(issue);
      return false;
    }
    return run(async () => {
      const saved = await moveAppointment(folderId, body);
      // A clash is a warning: the appointment is saved all the same.
      const text = saved.clash ? `${success} · ${CALENDAR_CLASH_MESSAGE}` : success;
      const content = undo ? <UndoMessage text={text} onUndo={undo} /> : text;
      void message.open({ type: saved.clash ? 'warning' : 'success', content, duration: undo ? 8 : 3 });
      await changed(folderId);
    });
  };

  const drop = (appointment: CalendarAppointment, technicianId: number | null, start: Date) => {
    if (start.getTime() === new Date(appointment.start).getTime() && technicianId === appointment.technicianId) return;
    const { folderId, minutes } = appointment;
    const before = { start: appointment.start, minutes, technicianId: appointment.technicianId };
    const undo = () => {
      message.destroy();
      void save(folderId, before, CALENDAR_MOVE_UNDONE);
    };
    void save(folderId, { start: start.toISOString(), minutes, technicianId }, CALENDAR_MOVED, undo);
  };

  const cancel = (folderId: number) =>
    run(
      async () => {
        await cancelAppointment(folderId);
        await changed(folderId);
      },
      { done: APPOINTMENT_CANCELLED },
    );

  return { saving, save, drop, cancel };
}
