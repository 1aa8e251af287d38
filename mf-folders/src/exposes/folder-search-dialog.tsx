import { FolderSearch } from '../features/folder-search/components/FolderSearch';

/** `mf_folders/FolderSearchDialog`: the content of the shell's Cmd/Ctrl+K dialog. */
export default function FolderSearchDialog({ onClose }: { onClose?: () => void }) {
  return <FolderSearch onClose={onClose} />;
}
