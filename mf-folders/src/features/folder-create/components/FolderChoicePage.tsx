import { useState } from 'react';
import { PageHeader } from 'shared-ui';
import { FolderCreateForm } from './FolderCreateForm';
import { type FolderKind, FolderKindChoice } from './FolderKindChoice';

/** /folder/choice, "Nouveau client": the kind of folder, then its form; the new folder opens once created. */
export function FolderChoicePage() {
  const [kind, setKind] = useState<FolderKind>();
  return (
    <>
      <PageHeader
        title="Nouveau client"
        subtitle={kind ? (kind === 'glass' ? 'Bris de glace' : 'Réparation') : 'Quel type de dossier ouvrir ?'}
      />
      {kind ? (
        <FolderCreateForm kind={kind} onBack={() => setKind(undefined)} />
      ) : (
        <FolderKindChoice onChoose={setKind} />
      )}
    </>
  );
}
