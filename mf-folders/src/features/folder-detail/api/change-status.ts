import { send } from 'shared-ui';

/** POST /api/folder/status-folder/{id}/{statusId} (204). */
export const changeStatus = (folderId: number, statusId: number) =>
  send(`api/folder/status-folder/${folderId}/${statusId}`);
