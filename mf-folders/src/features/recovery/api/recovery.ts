import { type RecoveryCommentBody, type RecoveryStage, recoveryEventListSchema, recoveryRowSchema } from 'contracts';
import { pagedFetcher, request, send } from 'shared-ui';

/*
 * The recovery calls (contracts/src/recovery.ts), through the shared client. The page reloads its list after a
 * change, so the answers of the changes are not read (their schemas stay on the server).
 */

/** GET /api/recovery/list/all: overdue invoices and recoveries (shared paging, statusCounts per tab). */
export const recoveryFetcher = pagedFetcher('api/recovery/list/all', recoveryRowSchema);

/**
 * POST /api/recovery/open/{documentId}: under recovery at "Relance amiable", one unit consumed. 401 with `redirect`
 * when the garage has no unit left: the ApiError's body carries it (`redirectOf`).
 */
export const openRecovery = (documentId: number) => send(`api/recovery/open/${documentId}`);

/** POST /api/recovery/{id}/stage. */
export const moveRecoveryStage = (id: number, stage: RecoveryStage) =>
  send(`api/recovery/${id}/stage`, { json: { stage } });

/** POST /api/recovery/{id}/comment: plain text, notified to the garage. */
export const commentRecovery = (id: number, body: RecoveryCommentBody) =>
  send(`api/recovery/${id}/comment`, { json: body });

/** GET /api/recovery/{id}/events: newest first. */
export const recoveryEvents = async (id: number) =>
  (await request(`api/recovery/${id}/events`, recoveryEventListSchema)).data;
