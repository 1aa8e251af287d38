import { Empty, Timeline, Typography } from 'antd';
import {
  CONTACT_LABELS,
  type ContactType,
  FOLDER_FIELD_LABELS,
  HISTORY_LABELS,
  type HistoryEntry,
  SMS_PURPOSE_LABELS,
  type SmsPurpose,
} from 'contracts';
import { formatDateTime, SafeHtml } from 'shared-ui';

function describe(entry: HistoryEntry) {
  if (entry.kind === 'contact') {
    // « Adresse consultée », « Téléphone consulté »: the participle agrees with its noun.
    const label = CONTACT_LABELS[entry.field as ContactType] ?? entry.field ?? '';
    return `${label} ${entry.field === 'address' ? 'consultée' : 'consulté'}`;
  }
  if (entry.kind === 'status') return `Statut : ${entry.oldValue ?? '—'} → ${entry.newValue ?? '—'}`;
  if (entry.kind === 'change') {
    const label = FOLDER_FIELD_LABELS[entry.field ?? ''] ?? entry.field;
    // Contact details change without their values in the history.
    if (entry.oldValue === null && entry.newValue === null) return `${label} modifié`;
    return `${label} : ${entry.oldValue ?? '—'} → ${entry.newValue ?? '—'}`;
  }
  if (entry.kind === 'appointment') {
    return entry.newValue ? `Rendez-vous fixé au ${formatDateTime(entry.newValue)}` : 'Rendez-vous annulé';
  }
  if (entry.kind === 'document') return `Document ajouté : ${entry.newValue ?? ''} (${entry.field ?? 'Autre'})`;
  if (entry.kind === 'sent') return `Dossier envoyé à ${entry.newValue ?? 'l’assureur'}`;
  if (entry.kind === 'close') return `Dossier clôturé (${entry.oldValue ?? '—'} → ${entry.newValue ?? '—'})`;
  if (entry.kind === 'reopen') return 'Dossier rouvert';
  if (entry.kind === 'sms') {
    const purpose = SMS_PURPOSE_LABELS[entry.field as SmsPurpose] ?? 'SMS';
    return `SMS au client : ${purpose}${entry.newValue ? `, programmé pour le ${formatDateTime(entry.newValue)}` : ''}`;
  }
  if (entry.kind === 'cession_override') {
    return `Facture ${entry.newValue ?? ''} émise à l’assureur sans cession signée, motif :`;
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
