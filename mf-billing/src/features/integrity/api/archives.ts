import { type ArchiveBody, archiveFilePath, archiveListSchema, archivePublicKeySchema, archiveSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/integrity/{companyId}/archives: the garage's signed archives, newest first. */
export const listArchives = (companyId: number) => request(`api/integrity/${companyId}/archives`, archiveListSchema);

/** POST /api/integrity/{companyId}/archives: the signed archive of a period, made now. */
export const createArchive = (companyId: number, body: ArchiveBody) =>
  request(`api/integrity/${companyId}/archives`, archiveSchema, { method: 'post', json: body });

/** GET /api/integrity/public-key: the instance's archive-signing key and its fingerprint. */
export const getArchivePublicKey = () => request('api/integrity/public-key', archivePublicKeySchema);

/** An archive's zip, downloaded by the browser itself (cookie sent): a plain link, no client call. */
export const archiveFileUrl = (companyId: number, id: number) => archiveFilePath(companyId, id);
