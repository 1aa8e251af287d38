import {
  contactAccessResponseSchema,
  fitterStepResultSchema,
  fitterTaskSchema,
  fitterTasksResponseSchema,
} from 'contracts';
import { ApiError, request } from 'shared-ui';
import { signDeliveryReport } from '../../../api/folder-papers';
import { isSignature, type QueuedEntry, type SendOutcome } from '../hooks/step-queue';

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

/** POST /api/contact-access-log/create: the customer's phone, to call them, also only through the logged call. */
export async function revealPhone(folderId: number): Promise<string | undefined> {
  const answer = await request('api/contact-access-log/create', contactAccessResponseSchema, {
    method: 'post',
    json: { folderId, type: 'phone' },
  });
  return answer.phone ?? undefined;
}

/** A photo over a car park's weak signal takes time: more than the client's usual 30 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** What a send's failure means for the queue: no network, a lost session or a busy server is retried later. */
function outcomeOf(error: unknown): SendOutcome {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 0) return { kind: 'retry', offline: true };
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'retry', offline: false };
  return { kind: 'refused', message: error instanceof Error ? error.message : 'Envoi refusé' };
}

/**
 * One queued entry to the server. A step: POST /api/fitter/folders/{id}/steps, its photos as `file` parts. A
 * signature: POST /api/folder/{id}/delivery-report/sign, dated by the phone. Recorded (201, or 200 when the key was
 * already): sent. No answer, a lost session (401: the cookie is refreshed or the user signs in again), too many
 * requests or a server error: retried later. Any other refusal (4xx): dropped, with the server's French message.
 */
export async function sendQueuedStep(entry: QueuedEntry): Promise<SendOutcome> {
  try {
    if (isSignature(entry)) {
      await signDeliveryReport(entry.folderId, { ...entry.body, idempotencyKey: entry.key, signedAt: entry.doneAt });
      return { kind: 'sent' };
    }
    const form = new FormData();
    form.append('step', String(entry.step));
    form.append('doneAt', entry.doneAt);
    form.append('idempotencyKey', entry.key);
    if (entry.comment) form.append('comment', entry.comment);
    for (const photo of entry.photos ?? []) form.append('file', photo.blob, photo.name);
    const result = await request(`api/fitter/folders/${entry.folderId}/steps`, fitterStepResultSchema, {
      method: 'post',
      body: form,
      timeout: UPLOAD_TIMEOUT_MS,
    });
    return { kind: 'sent', result };
  } catch (error) {
    return outcomeOf(error);
  }
}
