import { docPageSchema, docsTreeSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/docs/tree: the script of the user's networks. */
export const getDocsTree = () => request('api/docs/tree', docsTreeSchema);

/** GET /api/docs/pages/{id}: one page (the server logs the read). */
export const getDocPage = (id: number) => request(`api/docs/pages/${id}`, docPageSchema);
