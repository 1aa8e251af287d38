import { useApiQuery } from 'shared-ui';
import { documentUrl, getDocuments } from '../../../api/folder-documents';

export interface SignedPaper {
  /** When the customer signed (the signed PDF joined the documents then), ISO. */
  at: string;
  /** The signed PDF. */
  href: string;
}

/**
 * The folder's latest signed paper of one kind (« Cession de créance »…), from the folder's documents: the same read
 * as the page's documents card (one call for both), so a signature shows on its card once the documents are read
 * again.
 */
export function useSignedPaper(folderId: number, typeFile: string): SignedPaper | undefined {
  const { data } = useApiQuery(`api/folder/${folderId}/documents`, () => getDocuments(folderId));
  // Newest first, as the server answers them.
  const latest = data?.find((document) => document.typeFile === typeFile);
  return latest ? { at: latest.createdAt, href: documentUrl(folderId, latest.id) } : undefined;
}
