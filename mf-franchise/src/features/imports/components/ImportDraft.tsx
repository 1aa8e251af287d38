import { Alert, Button, Card, Descriptions, Flex } from 'antd';
import { IMPORT_KIND_LABELS, type Import, type ImportMapping as Mapping } from 'contracts';
import { useState } from 'react';
import { useInvalidate, useSaveAction } from 'shared-ui';
import { IMPORTS_PATH, importAction } from '../api/imports';
import { useImportProgress } from '../hooks/use-import-progress';
import { ImportMapping } from './ImportMapping';
import { ImportPreview } from './ImportPreview';
import { ImportReport } from './ImportReport';
import { ImportRunning } from './ImportRunning';

const DELIMITERS: Record<string, string> = { ';': 'point-virgule', ',': 'virgule', '\t': 'tabulation', '': '—' };

/**
 * The file uploaded: how it was read, the mapping (guessed, changeable), the first rows as they will be saved, then
 * « Vérifier » (a dry run: nothing saved) and « Importer » (one transaction). A new mapping asks for a new check.
 */
export function ImportDraft({ initial, onDone }: { initial: Import; onDone: (result: Import) => void }) {
  const [draft, setDraft] = useState(initial);
  const [mapping, setMapping] = useState<Mapping>(initial.mapping);
  const [checked, setChecked] = useState(false);
  const { isSaving, run } = useSaveAction();
  const invalidate = useInvalidate();
  const busy = isSaving('check') || isSaving('run');
  const rows = draft.counts.rows.toLocaleString('fr-FR');
  const progress = useImportProgress(draft.id, busy);

  const check = () =>
    void run(
      async () => {
        setDraft(await importAction(draft.id, 'check', mapping));
        setChecked(true);
      },
      { key: 'check' },
    );
  const importRows = () =>
    void run(
      async () => {
        const result = await importAction(draft.id, 'run', mapping);
        await invalidate(IMPORTS_PATH);
        onDone(result);
      },
      { key: 'run', done: 'Import terminé' },
    );
  const remap = (next: Mapping) => {
    setMapping(next);
    setChecked(false);
  };

  return (
    <Card
      title={`Fichier « ${draft.fileName} » : ${IMPORT_KIND_LABELS[draft.kind].toLowerCase()}`}
      size="small"
      style={{ marginBottom: 16 }}
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Lignes">{rows}</Descriptions.Item>
        <Descriptions.Item label="Encodage">{draft.encoding}</Descriptions.Item>
        <Descriptions.Item label="Séparateur">{DELIMITERS[draft.delimiter] ?? draft.delimiter}</Descriptions.Item>
      </Descriptions>
      <ImportMapping kind={draft.kind} headers={draft.headers} mapping={mapping} onChange={remap} disabled={busy} />
      {/* The rows as read with the mapping last checked: « Vérifier » reads them again with a new one. */}
      <ImportPreview draft={draft} />
      <Flex gap={8} style={{ marginTop: 12 }} wrap>
        <Button onClick={check} loading={isSaving('check')} disabled={busy}>
          Vérifier (sans rien enregistrer)
        </Button>
        <Button type="primary" onClick={importRows} loading={isSaving('run')} disabled={!checked || busy}>
          Importer
        </Button>
      </Flex>
      {busy ? <ImportRunning rows={draft.counts.rows} progress={progress} /> : null}
      {checked && !busy ? (
        <div style={{ marginTop: 12 }}>
          <ImportReport draft={draft} />
        </div>
      ) : null}
      {!checked && !busy ? (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message="Vérifiez d’abord : chaque ligne est contrôlée et le résultat annoncé, sans rien enregistrer."
        />
      ) : null}
    </Card>
  );
}
