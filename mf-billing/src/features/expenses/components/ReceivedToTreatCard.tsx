import { Alert, Button, Card, List, Tag, Typography } from 'antd';
import { INCOMING_STATE_LABELS } from 'contracts';
import { formatDateTime, useApiQuery } from 'shared-ui';
import { receivedFileUrl, UNBOOKED_PATH, unbookedFlows } from '../api/received';

/**
 * The supplier files that did not become an expense: unreadable (« À traiter », with why) or a duplicate refused
 * once. Nothing received is lost silently: each is listed here with its file until the garage deals with it.
 */
export function ReceivedToTreatCard({ onOpenExpense }: { onOpenExpense: (expenseId: number) => void }) {
  const flows = useApiQuery(UNBOOKED_PATH, unbookedFlows);
  if (flows.isError)
    return (
      <Alert
        type="error"
        showIcon
        message="Impossible de charger les factures reçues à traiter."
        action={<Button onClick={() => void flows.refetch()}>Réessayer</Button>}
        style={{ marginBottom: 16 }}
      />
    );
  const rows = flows.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card size="small" title={`Factures reçues à traiter (${rows.length})`} style={{ marginBottom: 16 }}>
      <List
        size="small"
        dataSource={rows}
        renderItem={(row) => (
          <List.Item
            actions={[
              <a key="file" href={receivedFileUrl(row.id)} aria-label={`Fichier reçu : ${row.fileName}`}>
                Fichier
              </a>,
              row.expenseId ? (
                <Button key="expense" type="link" size="small" onClick={() => onOpenExpense(row.expenseId ?? 0)}>
                  Voir la facture déjà reçue
                </Button>
              ) : null,
            ]}
          >
            <List.Item.Meta
              title={
                <>
                  <Tag color={row.state === 'duplicate' ? 'default' : 'orange'}>{INCOMING_STATE_LABELS[row.state]}</Tag>
                  <Typography.Text>{row.fileName}</Typography.Text>
                </>
              }
              description={`${formatDateTime(row.receivedAt)}${row.source === 'manual' ? ' (importée)' : ' (plateforme)'} — ${row.reason ?? ''}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
