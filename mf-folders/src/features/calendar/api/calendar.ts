import {
  type CalendarMoveBody,
  type CalendarResponse,
  calendarAppointmentSchema,
  calendarResponseSchema,
} from 'contracts';
import { request, send } from 'shared-ui';

/** GET /api/calendar?from&to: the week's fitters and appointments (clash, travel). */
export const getCalendarWeek = (from: string, to: string): Promise<CalendarResponse> =>
  request('api/calendar', calendarResponseSchema, { searchParams: { from, to } });

/** PUT /api/calendar/appointment/{folderId}: sets or moves the appointment; answers it with its clash flag. */
export const moveAppointment = (folderId: number, body: CalendarMoveBody) =>
  request(`api/calendar/appointment/${folderId}`, calendarAppointmentSchema, { method: 'put', json: body });

/** DELETE /api/calendar/appointment/{folderId}: cancels it (204). */
export const cancelAppointment = async (folderId: number): Promise<void> => {
  await send(`api/calendar/appointment/${folderId}`, { method: 'delete' });
};
