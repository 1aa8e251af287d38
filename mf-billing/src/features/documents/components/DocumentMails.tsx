import { Card, Flex, Tag, Typography } from 'antd';
import { DOCUMENT_MAIL_STATUS_LABELS, type DocumentMail, type DocumentMailStatus, retryLabel } from 'contracts';
import { formatDateTime, useApiQuery } from 'shared-ui';
import { getDocumentMails } from '../api/documents';

const STATUS_COLORS: Record<DocumentMailStatus, string> = {
  pending: 'processing',
  sent: 'success',
  retrying: 'error',
  failed: 'error',
  no_server: 'warning',
};

/** What the tag says: a refusal says when the outbox tries again. */
const statusLabel = (mail: DocumentMail) =>
  mail.status === 'retrying' && mail.nextAttemptAt
    ? retryLabel(formatDateTime(mail.nextAttemptAt))
    : DOCUMENT_MAIL_STATUS_LABELS[mail.status];

// A sending the server is about to take is read again until it says what happened (the outbox looks every 5 s).
const PENDING_REFRESH_MS = 5000;
const waiting = (mails: DocumentMail[] | undefined) => mails?.some((mail) => mail.status === 'pending') ?? false;

/**
 * « Envois par e-mail »: each sending of the document and its outcome (waiting, sent, refused with the server's
 * answer; the outbox retries it with a growing delay). Nothing shows before the first sending; a sending reads it again (its path is under the document's).
 */
export function DocumentMails({ documentId }: { documentId: number }) {
  const { data } = useApiQuery(`api/quotation/${documentId}/mails`, () => getDocumentMails(documentId), {
    refetchInterval: (query) => (waiting(query.state.data) ? PENDING_REFRESH_MS : false),
  });
  if (!data || data.length === 0) return null;
  return (
    <Card size="small" title="Envois par e-mail" style={{ marginBottom: 16 }} aria-label="Envois par e-mail">
      <Flex vertical gap={8}>
        {data.map((mail) => (
          <Flex key={mail.id} gap={8} wrap align="baseline" data-testid="document-mail">
            <Tag color={STATUS_COLORS[mail.status]}>{statusLabel(mail)}</Tag>
            <Typography.Text>
              {formatDateTime(mail.sentAt ?? mail.createdAt)} · à {mail.to}
              {mail.cc ? `, copie ${mail.cc}` : ''} · {mail.subject}
            </Typography.Text>
            {mail.lastError && mail.status !== 'sent' ? (
              <Typography.Text type="danger">
                Refusé par le serveur : {mail.lastError} ({mail.attempts} tentative{mail.attempts > 1 ? 's' : ''})
              </Typography.Text>
            ) : null}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
