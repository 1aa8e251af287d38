import { type DocPageBody, docPageSchema, docVersionListSchema } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/docs/pages (new) or PUT /api/docs/pages/{id}: every save is a version. */
export const saveDocPage = (id: number | undefined, body: DocPageBody) =>
  id
    ? request(`api/docs/pages/${id}`, docPageSchema, { method: 'put', json: body })
    : request('api/docs/pages', docPageSchema, { method: 'post', json: body });

/** GET /api/docs/pages/{id}/versions: newest first. */
export const getDocVersions = (id: number) => request(`api/docs/pages/${id}/versions`, docVersionListSchema);

/** POST /api/docs/pages/{id}/versions/{version}/restore: the past version becomes the next one. */
export const restoreDocVersion = (id: number, version: number) =>
  request(`api/docs/pages/${id}/versions/${version}/restore`, docPageSchema, { method: 'post' });
