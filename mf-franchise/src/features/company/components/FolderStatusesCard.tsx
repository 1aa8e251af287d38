import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, List, Popconfirm, Select, Skeleton, Tag, Tooltip, Typography } from 'antd';
import {
  FOLDER_STATUS_COLOR_LABELS,
  FOLDER_STATUS_COLORS,
  FOLDER_STATUS_LABEL_MAX,
  FOLDER_STATUS_SYSTEM_KEPT,
  type FolderStatusBody,
  type FolderStatusColor,
  type FolderStatusSetting,
  folderStatusBodySchema,
  folderStatusInUseMessage,
} from 'contracts';
import { useEffect, useRef, useState } from 'react';
import { EmptyState, ErrorState, useApiQuery, useFeedback } from 'shared-ui';
import {
  addFolderStatus,
  deleteFolderStatus,
  getFolderStatuses,
  reorderFolderStatuses,
  saveFolderStatus,
} from '../api/company';
import { useSettingsAction } from '../hooks/use-settings-action';

const COLOR_OPTIONS = FOLDER_STATUS_COLORS.map((color) => ({
  value: color,
  label: <Tag color={color}>{FOLDER_STATUS_COLOR_LABELS[color]}</Tag>,
  title: FOLDER_STATUS_COLOR_LABELS[color],
}));

/** A colour of the closed list; anything else (an older status) is shown as grey until changed. */
const knownColor = (color: string): FolderStatusColor =>
  (FOLDER_STATUS_COLORS as readonly string[]).includes(color) ? (color as FolderStatusColor) : 'default';

const check = (body: FolderStatusBody) => {
  const result = folderStatusBodySchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const folderCount = (count: number) => (count === 0 ? 'Aucun dossier' : `${count} dossier${count > 1 ? 's' : ''}`);

interface Editing {
  id: number;
  label: string;
  color: FolderStatusColor;
}

/** The garage's folder statuses: the folder list's tabs and the folder page's select, in this order. */
export function FolderStatusesCard({ companyId }: { companyId: number }) {
  const path = `api/company/${companyId}/folder-statuses`;
  const { data, error, isPending, refetch } = useApiQuery(path, () => getFolderStatuses(companyId));
  const feedback = useFeedback();
  const [draft, setDraft] = useState<FolderStatusBody>({ label: '', color: 'default' });
  const [editing, setEditing] = useState<Editing>();
  const { busy, run, replace } = useSettingsAction<FolderStatusSetting[]>(path);
  const list = useRef<HTMLDivElement>(null);
  // Keyboard reordering: the moved status's button gets the focus back once the list shows the new order.
  const [refocus, setRefocus] = useState<{ id: number; direction: 'up' | 'down' }>();

  useEffect(() => {
    if (!refocus || busy) return;
    const button = (direction: string) =>
      list.current?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"][data-status="${refocus.id}"]`);
    const wanted = button(refocus.direction);
    (wanted && !wanted.disabled ? wanted : button(refocus.direction === 'up' ? 'down' : 'up'))?.focus();
    setRefocus(undefined);
  }, [refocus, busy]);

  const add = async () => {
    const problem = check(draft);
    if (problem) return feedback.error(problem);
    const body = { ...draft, label: draft.label.trim() };
    if (await run(() => addFolderStatus(companyId, body), { done: 'Statut ajouté' }))
      setDraft({ label: '', color: 'default' });
  };
  const save = async () => {
    if (!editing) return;
    const body = { label: editing.label.trim(), color: editing.color };
    const problem = check(body);
    if (problem) return feedback.error(problem);
    if (await run(() => saveFolderStatus(companyId, editing.id, body), { done: 'Statut enregistré' }))
      setEditing(undefined);
  };
  const move = async (statuses: FolderStatusSetting[], index: number, direction: 'up' | 'down') => {
    const other = direction === 'up' ? index - 1 : index + 1;
    const ids = statuses.map((status) => status.id);
    const moved = ids[index];
    const swapped = ids[other];
    if (moved === undefined || swapped === undefined) return;
    ids[index] = swapped;
    ids[other] = moved;
    if (await replace(() => reorderFolderStatuses(companyId, ids))) setRefocus({ id: moved, direction });
  };

  /** Why a status cannot be deleted, if it cannot. */
  const undeletable = (item: FolderStatusSetting) =>
    item.system ? FOLDER_STATUS_SYSTEM_KEPT : item.folderCount > 0 ? folderStatusInUseMessage(item.folderCount) : '';

  const colorSelect = (value: FolderStatusColor, onChange: (color: FolderStatusColor) => void, label: string) => (
    <Select<FolderStatusColor>
      aria-label={label}
      value={value}
      onChange={onChange}
      options={COLOR_OPTIONS}
      style={{ width: 150, flex: 'none' }}
    />
  );

  const row = (item: FolderStatusSetting, index: number, statuses: FolderStatusSetting[]) => {
    if (editing?.id === item.id) {
      return (
        <List.Item>
          <Flex gap={8} wrap style={{ width: '100%' }}>
            <Input
              aria-label={`Nouveau libellé de ${item.label}`}
              value={editing.label}
              maxLength={FOLDER_STATUS_LABEL_MAX}
              onChange={(event) => setEditing({ ...editing, label: event.target.value })}
              onPressEnter={() => void save()}
              style={{ flex: 1, minWidth: 160 }}
            />
            {colorSelect(editing.color, (color) => setEditing({ ...editing, color }), `Couleur de ${item.label}`)}
            <Button type="primary" loading={busy} onClick={() => void save()}>
              Enregistrer
            </Button>
            <Button onClick={() => setEditing(undefined)}>Annuler</Button>
          </Flex>
        </List.Item>
      );
    }
    const refusal = undeletable(item);
    return (
      <List.Item
        data-testid="folder-status"
        actions={[
          <Button
            key="up"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`Monter le statut ${item.label}`}
            data-move="up"
            data-status={item.id}
            disabled={busy || index === 0}
            onClick={() => void move(statuses, index, 'up')}
          />,
          <Button
            key="down"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`Descendre le statut ${item.label}`}
            data-move="down"
            data-status={item.id}
            disabled={busy || index === statuses.length - 1}
            onClick={() => void move(statuses, index, 'down')}
          />,
          <Button
            key="edit"
            type="text"
            icon={<EditOutlined />}
            aria-label={`Modifier le statut ${item.label}`}
            onClick={() => setEditing({ id: item.id, label: item.label, color: knownColor(item.color) })}
          />,
          refusal ? (
            <Tooltip key="delete" title={refusal}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Supprimer le statut ${item.label}`}
                title={refusal}
                disabled
              />
            </Tooltip>
          ) : (
            <Popconfirm
              key="delete"
              title={`Supprimer le statut « ${item.label} » ?`}
              okText="Supprimer"
              cancelText="Annuler"
              onConfirm={() => void run(() => deleteFolderStatus(companyId, item.id), { done: 'Statut supprimé' })}
            >
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Supprimer le statut ${item.label}`} />
            </Popconfirm>
          ),
        ]}
      >
        <Flex gap={8} align="center" wrap>
          <Tag color={item.color}>{item.label}</Tag>
          {item.system ? (
            <Typography.Text type="secondary" title="Statut du système : il se renomme mais ne se supprime pas">
              système
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary">· {folderCount(item.folderCount)}</Typography.Text>
        </Flex>
      </List.Item>
    );
  };

  return (
    <Card title="Statuts des dossiers" size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Les onglets de la liste des dossiers et le choix du statut d’un dossier suivent cet ordre.
      </Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input
          aria-label="Nouveau statut"
          placeholder="Ex. Attente pièce"
          value={draft.label}
          maxLength={FOLDER_STATUS_LABEL_MAX}
          onChange={(event) => setDraft({ ...draft, label: event.target.value })}
          onPressEnter={() => void add()}
          style={{ flex: 1, minWidth: 160 }}
        />
        {colorSelect(draft.color, (color) => setDraft({ ...draft, color }), 'Couleur du nouveau statut')}
        <Button onClick={() => void add()} loading={busy} disabled={!draft.label.trim()}>
          Ajouter le statut
        </Button>
      </Flex>
      {error ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <div ref={list}>
          <List
            size="small"
            dataSource={data ?? []}
            rowKey="id"
            locale={{ emptyText: <EmptyState description="Aucun statut : ajoutez le premier ci-dessus." /> }}
            renderItem={(item, index) => row(item, index, data ?? [])}
          />
        </div>
      )}
    </Card>
  );
}
