import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { IMPORT_KIND_LABELS, IMPORT_STATUS_LABELS } from 'contracts';
import { ErrorState, formatDateTime, useApiQuery, useInvalidate, useSaveAction } from 'shared-ui';
import { getImports, IMPORTS_PATH, importFileUrl, undoImport } from '../api/imports';
import { countsSentence } from './ImportReport';

type Row = Awaited<ReturnType<typeof getImports>>['data'][number];
const STATUS_COLORS = { draft: 'default', imported: 'green', undone: 'orange' } as const;

/** The garage's imports: each file kept with what it did; the newest in force can be undone as a whole. */
export function ImportHistory() {
  const list = useApiQuery(IMPORTS_PATH, getImports);
  const { isSaving, run } = useSaveAction();
  const invalidate = useInvalidate();
  const undo = (id: number) =>
    void run(
      async () => {
        await undoImport(id);
        await invalidate(IMPORTS_PATH);
      },
      { key: id, done: 'Import annulé : ses créations sont supprimées, ses mises à jour défaites' },
    );
  if (list.error) return <ErrorState onRetry={() => void list.refetch()} />;
  return (
    <Card title="Imports du garage" size="small">
      <Table<Row>
        size="small"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: 'Aucun import pour l’instant' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: 'Date', key: 'date', render: (_, row) => formatDateTime(row.importedAt ?? row.createdAt) },
          { title: 'Fichier', dataIndex: 'fileName' },
          { title: 'Genre', key: 'kind', render: (_, row) => IMPORT_KIND_LABELS[row.kind] },
          {
            title: 'État',
            key: 'status',
            render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{IMPORT_STATUS_LABELS[row.status]}</Tag>,
          },
          { title: 'Résultat', key: 'counts', render: (_, row) => countsSentence(row.counts, row.status !== 'draft') },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, row) => (
              <Space wrap>
                <a href={importFileUrl(row.id)} download={row.fileName}>
                  Fichier
                </a>
                {row.undoable ? (
                  <Popconfirm
                    title="Annuler cet import ?"
                    description="Les clients et véhicules qu’il a créés sont supprimés, ceux qu’il a modifiés reprennent leurs valeurs."
                    okText="Annuler l’import"
                    cancelText="Garder"
                    onConfirm={() => undo(row.id)}
                  >
                    <Button size="small" danger loading={isSaving(row.id)}>
                      Annuler l’import
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
