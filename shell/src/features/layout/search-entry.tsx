import { SearchOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { RemoteSlot } from 'shared-ui';

/** The global folder search entry point: the icon or Cmd/Ctrl+K opens mf-folders' search dialog. */
export function SearchEntry() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Tooltip title="Rechercher un dossier (Ctrl+K)">
        <Button
          type="text"
          shape="circle"
          icon={<SearchOutlined />}
          aria-label="Rechercher un dossier"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title="Rechercher un dossier" destroyOnHidden>
        <RemoteSlot
          remote="mf_folders"
          module="FolderSearchDialog"
          props={{ onClose: () => setOpen(false) }}
          fallback={<p>La recherche de dossiers est momentanément indisponible.</p>}
        />
      </Modal>
    </>
  );
}
