import {
  APPOINTMENT_COMMENT_FIELD,
  APPOINTMENT_DATE_FIELD,
  APPOINTMENT_MINUTES_FIELD,
  APPOINTMENT_TECHNICIAN_FIELD,
  type ClosingBody,
  folderDetailSchema,
  folderSentSchema,
  type ReopenBody,
} from 'contracts';
import { request, send } from 'shared-ui';

/** POST /api/folder/{id}/close: the closing form (JSON). */
export const submitClosing = (folderId: number, body: ClosingBody) =>
  request(`api/folder/${folderId}/close`, folderDetailSchema, { method: 'post', json: body });

/** POST /api/folder/{id}/reopen. */
export const reopenFolder = (folderId: number, body: ReopenBody) =>
  request(`api/folder/${folderId}/reopen`, folderDetailSchema, { method: 'post', json: body });

/** POST /api/folder/{id}/send: to the folder's insurer. */
export const sendFolder = (folderId: number) =>
  request(`api/folder/${folderId}/send`, folderSentSchema, { method: 'post' });

export interface AppointmentValues {
  appointmentAt: string | null;
  comment: string;
  /** How long it holds its fitter; left out keeps the folder's. */
  minutes?: number;
  /** The fitter, null for none; left out keeps the folder's. */
  technicianId?: number | null;
}

/**
 * PUT /api/folder/{id}/appointment/update, as form data (docs/product.md); an empty date cancels. The length
 * and the fitter travel beside the specification's two fields, as the calendar holds them.
 */
export function updateAppointment(folderId: number, values: AppointmentValues) {
  const body = new FormData();
  body.append(APPOINTMENT_DATE_FIELD, values.appointmentAt ?? '');
  body.append(APPOINTMENT_COMMENT_FIELD, values.comment);
  if (values.minutes !== undefined) body.append(APPOINTMENT_MINUTES_FIELD, String(values.minutes));
  if (values.technicianId !== undefined) body.append(APPOINTMENT_TECHNICIAN_FIELD, String(values.technicianId ?? ''));
  body.append('folderId', String(folderId));
  body.append('scheduled', '1');
  return request(`api/folder/${folderId}/appointment/update`, folderDetailSchema, { method: 'put', body });
}

/**
 * GET /invoice/displaySentFolderModal/{folderId}: the warning HTML when the folder was already sent to its
 * insurer, or undefined ("0"). Asked as text, so the server answers data rather than the app's page.
 */
export async function sentFolderWarning(folderId: number): Promise<string | undefined> {
  const response = await send(`invoice/displaySentFolderModal/${folderId}`, {
    method: 'get',
    headers: { accept: 'text/plain' },
  });
  const text = await response.text();
  return text === '0' ? undefined : text;
}
