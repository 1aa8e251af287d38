import { createAppConfig } from 'rspack-config';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'mf_folders',
  port: 3001,
  exposes: { './routes': './src/routes.tsx', './FolderSearchDialog': './src/exposes/folder-search-dialog.tsx' },
});
