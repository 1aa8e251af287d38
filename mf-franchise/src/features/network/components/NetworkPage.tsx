import { Button, Card, Col, Row, Skeleton, Space, Typography } from 'antd';
import { NETWORK_LOAD_ERROR, NETWORK_TITLE, periodRange } from 'contracts';
import { useCallback, useState } from 'react';
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
  useRemoteData,
} from 'shared-ui';
import { readNetwork } from '../api/network';
import { CentreFigures } from './CentreFigures';
import { UnitPacksEditor } from './UnitPacksEditor';

/**
 * /franchise/{franchiseId}/network: the franchisor's centres side by side over a period, and what it publishes to
 * them (shared catalogue, message templates, packs of units).
 */
export function NetworkPage() {
  const franchiseId = Number(useParams().franchiseId);
  const [period, setPeriod] = useState<PeriodChoice>('month');
  const [range, setRange] = useState<PeriodRange>(() => periodRange('month'));
  const load = useCallback(() => readNetwork(franchiseId, range), [franchiseId, range]);
  const { data, error, reload } = useRemoteData(load, Number.isInteger(franchiseId) && franchiseId > 0);

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
          onRetry={() => void reload()}
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
                <Link to="/product/list">{formatNumber(data.published.sharedProducts)} produits</Link> dans le catalogue
                partagé : vos centres les voient (grisés) et les utilisent dans leurs devis.
              </Typography.Paragraph>
              <Typography.Paragraph>
                <Link to="/message_template/mail/list">{formatNumber(data.published.sharedTemplates)} modèles</Link> de
                mail et de SMS publiés : cochez « Publier à mes centres » sur un modèle.
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
                onPublished={() => void reload()}
              />
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
