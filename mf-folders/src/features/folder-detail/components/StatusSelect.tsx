import { Select } from 'antd';
import type { FolderDetail, FolderStatus } from 'contracts';
import { useSaveAction } from 'shared-ui';
import { changeStatus } from '../api/change-status';

/** The folder's status; closing is done through the closing form, so "close" is not offered here. */
export function StatusSelect({
  folder,
  statuses,
  onChanged,
}: {
  folder: FolderDetail;
  statuses: FolderStatus[];
  onChanged: () => void;
}) {
  const { saving, run } = useSaveAction();
  const change = async (statusId: number) => {
    const saved = await run(() => changeStatus(folder.id, statusId), { done: 'Statut du dossier modifié' });
    if (saved) onChanged();
  };
  return (
    <Select
      aria-label="Statut du dossier"
      style={{ minWidth: 240 }}
      value={folder.status.id}
      loading={saving}
      disabled={saving}
      onChange={(value: number) => void change(value)}
      options={statuses.map((status) => ({
        value: status.id,
        label: status.label,
        disabled: status.code === 'close',
        ...(status.code === 'close' ? { title: 'La clôture passe par le formulaire de clôture' } : {}),
      }))}
    />
  );
}
