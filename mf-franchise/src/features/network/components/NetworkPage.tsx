import { Button, Card, Col, Row, Skeleton, Space, Typography } from 'antd';
import { NETWORK_LOAD_ERROR, NETWORK_TITLE, periodRange } from 'contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  ErrorState,
  errorMessage,
  formatDate,
  formatNumber,
  PageHeader,
  type PeriodChoice,
  type PeriodRange,
  PeriodSelect,
} from 'shared-ui';
import { useNetwork } from '../hooks/use-network';
import { CentreFigures } from './CentreFigures';
import { UnitPacksEditor } from './UnitPacksEditor';

/**
 * /franchise/{franchiseId}/network: the franchisor's centres side by side over a period, and what it publishes to
 * them (shared catalogue, message templates, packs of units).
 */
/** "1 modèle", "32 produits": the count in French digits, the noun agreeing with it. */
const countOf = (count: number, noun: string) => `${formatNumber(count)} ${noun}${count > 1 ? 's' : ''}`;

export function NetworkPage() {
  const franchiseId = Number(useParams().franchiseId);
  // The last twelve months, as the dashboard: a centre's invoices are few in a month, a year compares them.
  const [period, setPeriod] = useState<PeriodChoice>('twelveMonths');
  const [range, setRange] = useState<PeriodRange>(() => periodRange('twelveMonths'));
  const { data, error, refetch, published } = useNetwork(franchiseId, range);

  return (
    <>
      <PageHeader
        title={NETWORK_TITLE}
        extra={
          <Space wrap>
            <PeriodSelect
              value={period}
              onChange={(choice, next) => {
                setPeriod(choice);
                setRange(next);
              }}
            />
            <Link to={`/franchise/${franchiseId}/centers_list`}>
              <Button tabIndex={-1}>Liste des centres</Button>
            </Link>
          </Space>
        }
      />
      {error ? (
        <ErrorState
          title={NETWORK_LOAD_ERROR}
          description={errorMessage(error, 'Réessayez dans un instant.')}
          onRetry={() => void refetch()}
        />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <Card
              title={`Vos centres côte à côte, du ${formatDate(range.from)} au ${formatDate(new Date(new Date(range.to).getTime() - 1))}`}
              size="small"
            >
              <CentreFigures centres={data.centres} />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card title="Publié à vos centres" size="small" style={{ height: '100%' }}>
              <Typography.Paragraph>
                <Link to="/product/list">{countOf(data.published.sharedProducts, 'produit')}</Link> dans le catalogue
                partagé : vos centres les voient (grisés) et les utilisent dans leurs devis.
              </Typography.Paragraph>
              <Typography.Paragraph>
                <Link to="/message_template/mail/list">{countOf(data.published.sharedTemplates, 'modèle')}</Link> de
                mail et de SMS {data.published.sharedTemplates > 1 ? 'publiés' : 'publié'} : cochez « Publier à mes
                centres » sur un modèle.
              </Typography.Paragraph>
            </Card>
          </Col>
          <Col xs={24} xl={16}>
            <Card
              title={data.published.customPacks ? 'Packs d’unités de votre réseau' : 'Packs d’unités (par défaut)'}
              size="small"
            >
              <UnitPacksEditor
                key={JSON.stringify(data.published.unitPacks)}
                franchiseId={franchiseId}
                packs={data.published.unitPacks}
                custom={data.published.customPacks}
                onPublished={published}
              />
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
