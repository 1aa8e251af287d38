import { ComingSoon } from 'shared-ui';

/** Slot for the shell's Cmd+K search; the folders issue replaces it with the real dialog. */
export default function FolderSearchDialog() {
  return <ComingSoon title="Recherche de dossiers" />;
}
