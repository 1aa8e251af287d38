import { type FolderNoteBody, historyEntrySchema } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/comment/add/{id}: a comment, a relance or an anomaly (history + notification). */
export const addNote = (folderId: number, note: FolderNoteBody) =>
  request(`api/comment/add/${folderId}`, historyEntrySchema, { method: 'post', json: note });
