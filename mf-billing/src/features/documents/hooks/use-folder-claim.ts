import { useApiQuery } from 'shared-ui';
import { getFolder } from '../api/documents';

/**
 * The claim of a document's folder (none without a folder): its insurer, and the insured's deductible under the
 * policy. A folder the user may not read (an accountant) reads as none: no split is offered.
 */
export const useFolderClaim = (folderId: number | null) =>
  useApiQuery(folderId === null ? null : `api/folder/${folderId}`, () => getFolder(folderId ?? 0), {
    select: (folder) => ({ insurer: folder.insurer, deductible: folder.deductible }),
  });
