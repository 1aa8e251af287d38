import { MailOutlined, MessageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, List, Result, Skeleton, Tag, Typography } from 'antd';
import { DEMO_MESSAGES_TITLE, type DemoMessage, NOT_A_DEMO } from 'contracts';
import { ApiError, ErrorState, PageHeader, useApiQuery } from 'shared-ui';
import { DEMO_MESSAGES_PATH, demoAttachmentUrl, getDemoMessages } from '../api/demo-messages';

// The sink fills while the page is open (a quote mailed from another tab): it is read again every few seconds.
const REFRESH_MS = 4000;

const when = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Paris' }).format(
    new Date(iso),
  );
const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} Ko`;

function MessageItem({ message }: { message: DemoMessage }) {
  const mail = message.channel === 'mail';
  return (
    <List.Item data-testid="demo-message">
      <List.Item.Meta
        avatar={mail ? <MailOutlined style={{ fontSize: 20 }} /> : <MessageOutlined style={{ fontSize: 20 }} />}
        title={
          <Flex gap={8} wrap align="center">
            <Tag color={mail ? 'blue' : 'green'}>{mail ? 'E-mail' : 'SMS'}</Tag>
            <span>{mail ? message.subject : `SMS à ${message.to}`}</span>
            <Typography.Text type="secondary">{when(message.receivedAt)}</Typography.Text>
          </Flex>
        }
        description={
          <Flex vertical gap={4}>
            <span>
              De {message.from} à {message.to}
            </span>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {message.text}
            </Typography.Paragraph>
            {message.attachments.map((file) => (
              <a key={file.index} href={demoAttachmentUrl(message.id, file.index)} download={file.name}>
                <PaperClipOutlined /> {file.name} ({kilobytes(file.size)})
              </a>
            ))}
          </Flex>
        }
      />
    </List.Item>
  );
}

/**
 * /demo/messages « Messages envoyés (démo) »: on a demonstration server, the mails and SMS its garages sent, as the
 * local sink received them, attachments included. Elsewhere it says that nothing is kept of what leaves.
 */
export function DemoMessagesPage() {
  const messages = useApiQuery(DEMO_MESSAGES_PATH, getDemoMessages, { refetchInterval: REFRESH_MS, retry: false });
  if (messages.error instanceof ApiError && messages.error.status === 404) {
    return <Result status="info" title={DEMO_MESSAGES_TITLE} subTitle={NOT_A_DEMO} />;
  }
  if (messages.error) return <ErrorState onRetry={() => void messages.refetch()} />;
  const data = messages.data?.data;
  return (
    <>
      <PageHeader
        title={DEMO_MESSAGES_TITLE}
        subtitle="Ce que les garages de la démonstration ont envoyé : rien ne part vers un vrai destinataire"
      />
      <Card size="small">
        {!data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : data.length === 0 ? (
          <Empty description="Aucun message pour l’instant : envoyez un devis par e-mail, ou un SMS depuis un dossier" />
        ) : (
          <List dataSource={data} rowKey="id" renderItem={(message) => <MessageItem message={message} />} />
        )}
      </Card>
    </>
  );
}
