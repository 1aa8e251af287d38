import { Table, Typography } from 'antd';
import { IMPORT_FIELD_LABELS, IMPORT_KIND_FIELDS, type Import } from 'contracts';

/** The first rows as they will be saved (the old software's spellings already turned into the form's). */
export function ImportPreview({ draft }: { draft: Import }) {
  const fields = IMPORT_KIND_FIELDS[draft.kind].filter((field) => (draft.mapping[field] ?? null) !== null);
  return (
    <Table
      size="small"
      rowKey="line"
      aria-label="Aperçu des premières lignes"
      dataSource={draft.preview}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { title: 'Ligne', dataIndex: 'line', width: 70 },
        ...fields.map((field) => ({
          title: IMPORT_FIELD_LABELS[field],
          key: field,
          render: (_: unknown, row: Import['preview'][number]) => row.values[field] ?? '',
        })),
        {
          title: 'Contrôle',
          key: 'reason',
          render: (_: unknown, row: Import['preview'][number]) =>
            row.reason ? <Typography.Text type="danger">{row.reason}</Typography.Text> : 'OK',
        },
      ]}
    />
  );
}
