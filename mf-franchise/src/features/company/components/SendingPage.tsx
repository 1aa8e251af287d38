import { Alert, Col, Row, Skeleton } from 'antd';
import { DEMO_MESSAGES_TITLE } from 'contracts';
import { Link } from 'react-router-dom';
import { ErrorState, PageHeader, useApiQuery, useSession } from 'shared-ui';
import { PickGarage } from '../../../components/PickGarage';
import { getSendingSettings, sendingPath } from '../api/sending';
import { MailServerCard } from './MailServerCard';
import { SmsProviderCard } from './SmsProviderCard';

export const SENDING_TITLE = 'Envoi des e-mails et SMS';

/**
 * /company/sending: the mail server and SMS provider of the selected garage, or of its whole network, each with
 * « Envoyer un test ». Passwords and keys are typed, never shown back.
 */
export function SendingPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const settings = useApiQuery(companyId === 0 ? null : sendingPath(companyId), () => getSendingSettings(companyId));
  if (companyId === 0) return <PickGarage title={SENDING_TITLE} />;
  if (settings.error) return <ErrorState onRetry={() => void settings.refetch()} />;
  const data = settings.data;
  return (
    <>
      <PageHeader title={SENDING_TITLE} />
      {!data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          {data.demoSink ? (
            <Alert
              showIcon
              type="info"
              style={{ marginBottom: 16 }}
              message="Démonstration : les e-mails et SMS de ce garage partent vers un serveur local, jamais vers les vrais destinataires."
              description={
                <>
                  Lisez-les, pièces jointes comprises, dans <Link to="/demo/messages">{DEMO_MESSAGES_TITLE}</Link>.
                </>
              }
            />
          ) : null}
          <Row gutter={16}>
            <Col xs={24} xl={14}>
              <MailServerCard settings={data} />
            </Col>
            <Col xs={24} xl={10}>
              <SmsProviderCard settings={data} />
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
