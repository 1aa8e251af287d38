import { Card, Flex, Tag, Typography } from 'antd';
import { LIFECYCLE_REASONS, type DocumentPlatform as Platform } from 'contracts';
import { formatDateTime, useApiQuery } from 'shared-ui';
import { getDocumentPlatform } from '../api/document-platform';

// A deposit the outbox is about to make is read again until the platform answered (the outbox looks every 5 s).
const PENDING_REFRESH_MS = 5000;
const waiting = (platform: Platform | undefined) => Boolean(platform?.deposit && !platform.deposit.sentAt);
/** The statuses the garage must act on: refused by the buyer, rejected by a platform. */
const TO_ACT_ON = new Set(['210', '213']);

/** A status's reason as the rules name it, and what its sender added. */
const reasonText = (reason: { code: string; text: string }) =>
  [(LIFECYCLE_REASONS as Record<string, string>)[reason.code] ?? reason.code, reason.text].filter(Boolean).join(' : ');

function depositLine(deposit: NonNullable<Platform['deposit']>) {
  if (deposit.sentAt) return `Factur-X déposée sur la plateforme le ${formatDateTime(deposit.sentAt)}`;
  if (!deposit.lastError) return 'En file d’envoi vers la plateforme';
  const retry = deposit.nextAttemptAt ? ` — nouvel essai le ${formatDateTime(deposit.nextAttemptAt)}` : '';
  return `Non déposée : ${deposit.lastError}${retry}`;
}

/**
 * « Facture électronique »: an invoice or credit note issued to a business, sent through the garage's approved
 * platform: its deposit, then each status that came back (Déposée, Mise à disposition, Approuvée, Refusée…) with its
 * reason. Nothing shows for a document that did not go through the platform.
 */
export function DocumentPlatform({ documentId }: { documentId: number }) {
  const { data } = useApiQuery(`api/einvoicing/document/${documentId}`, () => getDocumentPlatform(documentId), {
    refetchInterval: (query) => (waiting(query.state.data) ? PENDING_REFRESH_MS : false),
  });
  if (!data?.deposit && !data?.events.length) return null;
  return (
    <Card size="small" title="Facture électronique" style={{ marginBottom: 16 }} aria-label="Facture électronique">
      <Flex vertical gap={8}>
        <Flex gap={8} wrap align="baseline">
          <Tag color={data.status && TO_ACT_ON.has(data.status) ? 'red' : 'blue'}>{data.label}</Tag>
          {data.deposit ? <Typography.Text>{depositLine(data.deposit)}</Typography.Text> : null}
        </Flex>
        {data.events.length > 0 ? (
          <ol aria-label="Statuts de la facture électronique" style={{ margin: 0, paddingLeft: 20 }}>
            {data.events.map((event) => (
              <li key={`${event.code}-${event.at}`}>
                {formatDateTime(event.at)} · {event.label}
                {event.reason ? ` — ${reasonText(event.reason)}` : ''}
              </li>
            ))}
          </ol>
        ) : null}
      </Flex>
    </Card>
  );
}
