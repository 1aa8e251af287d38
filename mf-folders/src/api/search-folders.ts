import { type FolderSearchItem, folderSearchResponseSchema } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/folder/app/search: plate (any format), customer, phone, claim or folder number. */
export async function searchFolders(companyId: number, search: string): Promise<FolderSearchItem[]> {
  const answer = await request('api/folder/app/search', folderSearchResponseSchema, {
    method: 'post',
    json: { companyId, search, withoutRecovery: false },
  });
  return answer.folders;
}
