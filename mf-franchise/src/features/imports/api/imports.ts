import { type ImportKind, type ImportMapping, importListSchema, importSchema } from 'contracts';
import { request } from 'shared-ui';

export const IMPORTS_PATH = 'api/imports';

/** POST /api/imports: the file kept and read, its columns guessed; nothing imported yet. */
export const uploadImport = (file: File, kind: ImportKind) => {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file);
  return request(IMPORTS_PATH, importSchema, { method: 'post', body });
};

/** GET /api/imports: the garage's imports, newest first. */
export const getImports = () => request(IMPORTS_PATH, importListSchema);

/** POST /api/imports/{id}/check (a dry run) or /run (the import). */
export const importAction = (id: number, action: 'check' | 'run', mapping: ImportMapping) =>
  request(`${IMPORTS_PATH}/${id}/${action}`, importSchema, { method: 'post', json: { mapping } });

/** POST /api/imports/{id}/undo. */
export const undoImport = (id: number) => request(`${IMPORTS_PATH}/${id}/undo`, importSchema, { method: 'post' });

/** Where the browser downloads the file as uploaded. */
export const importFileUrl = (id: number) => `/${IMPORTS_PATH}/${id}/file`;
