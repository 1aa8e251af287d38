import { useApiQuery } from 'shared-ui';
import { getFolder } from '../api/documents';

/** The insurer of a document's folder (none without a folder): a deductible is asked for when there is one. */
export const useFolderInsurer = (folderId: number | null) =>
  useApiQuery(folderId === null ? null : `api/folder/${folderId}`, () => getFolder(folderId ?? 0), {
    select: (folder) => folder.insurer,
  });
