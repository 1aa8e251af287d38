import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, List, Popconfirm, Skeleton } from 'antd';
import { type KnownBy, knownByBodySchema } from 'contracts';
import { useState } from 'react';
import { EmptyState, ErrorState, useApiQuery, useFeedback } from 'shared-ui';
import { addKnownBy, deleteKnownBy, getKnownBy, renameKnownBy } from '../api/company';
import { useSettingsAction } from '../hooks/use-settings-action';

const checkLabel = (label: string) => {
  const result = knownByBodySchema.safeParse({ label });
  return result.success ? undefined : result.error.issues[0]?.message;
};

/** "Connu par": how customers heard of the garage, offered on every new folder. */
export function KnownByCard({ companyId }: { companyId: number }) {
  const path = `api/company/${companyId}/known`;
  const { data, error, isPending, refetch } = useApiQuery(path, () => getKnownBy(companyId));
  const feedback = useFeedback();
  const [label, setLabel] = useState('');
  const [editing, setEditing] = useState<{ id: number; label: string }>();
  const { busy, run } = useSettingsAction(path);

  const add = async () => {
    const problem = checkLabel(label);
    if (problem) return feedback.error(problem);
    if (await run(() => addKnownBy(companyId, label.trim()), { done: 'Entrée ajoutée' })) setLabel('');
  };
  const rename = async () => {
    if (!editing) return;
    const problem = checkLabel(editing.label);
    if (problem) return feedback.error(problem);
    if (await run(() => renameKnownBy(companyId, editing.id, editing.label.trim()), { done: 'Entrée renommée' })) {
      setEditing(undefined);
    }
  };

  const row = (item: KnownBy) =>
    editing?.id === item.id ? (
      <List.Item>
        <Flex gap={8} style={{ width: '100%' }}>
          <Input
            aria-label={`Nouveau libellé de ${item.label}`}
            value={editing.label}
            maxLength={80}
            onChange={(event) => setEditing({ id: item.id, label: event.target.value })}
            onPressEnter={() => void rename()}
          />
          <Button type="primary" loading={busy} onClick={() => void rename()}>
            Enregistrer
          </Button>
          <Button onClick={() => setEditing(undefined)}>Annuler</Button>
        </Flex>
      </List.Item>
    ) : (
      <List.Item
        actions={[
          <Button
            key="edit"
            type="text"
            icon={<EditOutlined />}
            aria-label={`Renommer ${item.label}`}
            onClick={() => setEditing({ id: item.id, label: item.label })}
          />,
          <Popconfirm
            key="delete"
            title={`Supprimer « ${item.label} » ?`}
            okText="Supprimer"
            cancelText="Annuler"
            onConfirm={() => void run(() => deleteKnownBy(companyId, item.id), { done: 'Entrée supprimée' })}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Supprimer ${item.label}`} />
          </Popconfirm>,
        ]}
      >
        {item.label}
      </List.Item>
    );

  return (
    <Card title="Connu par" size="small" style={{ marginBottom: 16 }}>
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Input
          aria-label="Nouvelle entrée « connu par »"
          placeholder="Ex. Recommandation d’un assureur"
          value={label}
          maxLength={80}
          onChange={(event) => setLabel(event.target.value)}
          onPressEnter={() => void add()}
        />
        <Button onClick={() => void add()} loading={busy} disabled={!label.trim()}>
          Ajouter
        </Button>
      </Flex>
      {error ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <List
          size="small"
          dataSource={data ?? []}
          rowKey="id"
          locale={{ emptyText: <EmptyState description="Aucune entrée : ajoutez la première ci-dessus." /> }}
          renderItem={row}
        />
      )}
    </Card>
  );
}
