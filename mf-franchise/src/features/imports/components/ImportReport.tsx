import { Alert, Table } from 'antd';
import type { Import, ImportCounts } from 'contracts';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`;

/** What the check found, or what the import did, in one French sentence. */
export function countsSentence(counts: ImportCounts, done: boolean): string {
  const accepted = counts.rows - counts.refused;
  const head = done
    ? `${plural(accepted, 'ligne importée', 'lignes importées')}`
    : `${plural(accepted, 'ligne prête', 'lignes prêtes')} à importer`;
  return (
    `${head} : ${plural(counts.created, 'création', 'créations')}, ${plural(counts.updated, 'mise à jour', 'mises à jour')}, ` +
    `${plural(counts.unchanged, 'inchangée', 'inchangées')} ; ${plural(counts.refused, 'ligne refusée', 'lignes refusées')}`
  );
}

/** The counts, then each refused row with its line in the file and why. */
export function ImportReport({ draft }: { draft: Import }) {
  const done = draft.status === 'imported';
  return (
    <>
      <Alert
        showIcon
        type={draft.counts.refused > 0 ? 'warning' : 'success'}
        message={countsSentence(draft.counts, done)}
        data-testid="import-counts"
        style={{ marginBottom: 12 }}
      />
      {draft.refusals.length > 0 ? (
        <Table
          size="small"
          rowKey="line"
          aria-label="Lignes refusées"
          dataSource={draft.refusals}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: 'Ligne', dataIndex: 'line', width: 90 },
            { title: 'Raison', dataIndex: 'reason' },
          ]}
        />
      ) : null}
    </>
  );
}
