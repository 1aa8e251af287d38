import { folderRowSchema } from 'contracts';
import { pagedFetcher } from 'shared-ui';

/** GET /api/folder/list/all: "my" or all folders of a type ("interne" or a product), server-paged. */
export const folderFetcher = (owner: 'my' | 'all', type: string) =>
  pagedFetcher('api/folder/list/all', folderRowSchema, { owner, type });
