import { Empty, Timeline, Typography } from 'antd';
import { CONTACT_LABELS, type ContactType, HISTORY_LABELS, type HistoryEntry } from 'contracts';
import { formatDateTime, SafeHtml } from 'shared-ui';

function describe(entry: HistoryEntry) {
  if (entry.kind === 'contact') return `${CONTACT_LABELS[entry.field as ContactType] ?? entry.field} consulté`;
  if (entry.kind === 'status' || entry.kind === 'change') {
    return `${entry.field === 'status' ? 'Statut' : entry.field} : ${entry.oldValue ?? '—'} → ${entry.newValue ?? '—'}`;
  }
  return HISTORY_LABELS[entry.kind];
}

/** Everything that happened to the folder, newest first: who, when, what (read-only, like the server's). */
export function FolderHistory({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <Empty description="Aucun historique" />;
  return (
    <Timeline
      items={history.map((entry) => ({
        key: entry.id,
        children: (
          <div data-testid="history-entry" data-kind={entry.kind}>
            <Typography.Text strong>{describe(entry)}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {formatDateTime(entry.createdAt)} · {entry.user}
            </Typography.Text>
            {entry.content ? <SafeHtml html={entry.content} /> : null}
          </div>
        ),
      }))}
    />
  );
}
