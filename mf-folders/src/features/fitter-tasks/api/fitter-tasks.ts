import {
  contactAccessResponseSchema,
  fitterStepResultSchema,
  fitterTaskSchema,
  fitterTasksResponseSchema,
} from 'contracts';
import { ApiError, request } from 'shared-ui';
import type { QueuedStep, SendOutcome } from '../hooks/step-queue';

/** GET /api/fitter/tasks/today: the caller's folders with an appointment today, with the steps done. */
export const getTodayTasks = () => request('api/fitter/tasks/today', fitterTasksResponseSchema);

/** GET /api/fitter/folders/{id}: one folder as a task. */
export const getTask = (folderId: number) => request(`api/fitter/folders/${folderId}`, fitterTaskSchema);

/** POST /api/contact-access-log/create: the street address comes back only through this logged call. */
export async function revealAddress(folderId: number): Promise<string | undefined> {
  const answer = await request('api/contact-access-log/create', contactAccessResponseSchema, {
    method: 'post',
    json: { folderId, type: 'address' },
  });
  return answer.address ?? undefined;
}

/** A photo over a car park's weak signal takes time: more than the client's usual 30 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST /api/fitter/folders/{id}/steps for one queued step. Recorded (201, or 200 when the key was already):
 * sent. No answer, a lost session (401: the cookie is refreshed or the user signs in again), too many requests or
 * a server error: retried later. Any other refusal (4xx): dropped, with the server's French message.
 */
export async function sendQueuedStep(entry: QueuedStep): Promise<SendOutcome> {
  const form = new FormData();
  form.append('step', String(entry.step));
  form.append('doneAt', entry.doneAt);
  form.append('idempotencyKey', entry.key);
  if (entry.comment) form.append('comment', entry.comment);
  if (entry.photo) form.append('file', entry.photo, entry.photoName ?? 'photo.jpg');
  try {
    const result = await request(`api/fitter/folders/${entry.folderId}/steps`, fitterStepResultSchema, {
      method: 'post',
      body: form,
      timeout: UPLOAD_TIMEOUT_MS,
    });
    return { kind: 'sent', result };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 0) return { kind: 'retry', offline: true };
    if (status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'retry', offline: false };
    return { kind: 'refused', message: error instanceof Error ? error.message : 'Étape refusée' };
  }
}
