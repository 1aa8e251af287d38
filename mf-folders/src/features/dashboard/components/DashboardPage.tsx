import { Card, Col, Empty, List, Row, Skeleton, Typography } from 'antd';
import { periodRange } from 'contracts';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ErrorState,
  formatDate,
  PageHeader,
  type PeriodChoice,
  type PeriodRange,
  PeriodSelect,
  useRemoteData,
  useSession,
} from 'shared-ui';
import { StatusTag } from '../../../lib/status-tag';
import { dashboardApi } from '../api/dashboard';
import { FigureBars } from './FigureBars';

// Chart.js comes with its chart only: no other page downloads it.
const MonthlyChart = lazy(() => import('./MonthlyChart'));

function Widget<T>({ title, load, render }: { title: string; load: () => Promise<T>; render: (data: T) => ReactNode }) {
  const { data, error, reload } = useRemoteData(load, true);
  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      {error ? <ErrorState onRetry={() => void reload()} /> : data === undefined ? <Skeleton active /> : render(data)}
    </Card>
  );
}

/** `/`: the garage at a glance over a period (the widgets of docs/product.md, loaded on arrival). */
export function DashboardPage() {
  const [period, setPeriod] = useState<PeriodChoice>('twelveMonths');
  const [range, setRange] = useState<PeriodRange>(() => periodRange('twelveMonths'));
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const key = `${companyId}-${range.from}-${range.to}`;
  const latest = useCallback(() => dashboardApi.getFolders(), []);
  const statuses = useCallback(() => dashboardApi.getStatuses(range), [range]);
  const insurers = useCallback(() => dashboardApi.getStatsInsurances(range), [range]);
  const knownBy = useCallback(() => dashboardApi.getStatsKnownBy(range), [range]);
  const rankings = useCallback(() => dashboardApi.getRankings(range), [range]);
  const months = useCallback(async () => {
    const [opened, closed] = await Promise.all([
      dashboardApi.getChart('created-per-month', range),
      dashboardApi.getChart('closed-per-month', range),
    ]);
    return { opened, closed };
  }, [range]);

  return (
    <>
      <PageHeader
        title="Tableau de bord"
        extra={
          <PeriodSelect
            value={period}
            onChange={(choice, next) => {
              setPeriod(choice);
              setRange(next);
            }}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Widget
            key={key}
            title="Dossiers par statut"
            load={statuses}
            render={(data) => <FigureBars figures={data} label="Dossiers par statut" />}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Widget
            key={key}
            title="Dossiers ouverts et clôturés par mois"
            load={months}
            render={(data) =>
              data.opened.length + data.closed.length === 0 ? (
                <Empty description="Aucun dossier sur la période" image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <Suspense fallback={<Skeleton active />}>
                  <MonthlyChart opened={data.opened} closed={data.closed} />
                </Suspense>
              )
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <Widget
            key={key}
            title="Statistiques par assureur"
            load={insurers}
            render={(data) => <FigureBars figures={data} label="Statistiques par assureur" />}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Widget
            key={key}
            title="Connu par"
            load={knownBy}
            render={(data) => <FigureBars figures={data} label="Connu par" />}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Widget
            key={key}
            title="Classement"
            load={rankings}
            render={(data) => (
              <>
                <Typography.Title level={5}>Techniciens (dossiers clos)</Typography.Title>
                <FigureBars figures={data.technicians} label="Classement des techniciens" />
                {data.centres.length > 0 ? (
                  <>
                    <Typography.Title level={5} style={{ marginTop: 16 }}>
                      Centres côte à côte
                    </Typography.Title>
                    <FigureBars figures={data.centres} label="Classement des centres" />
                  </>
                ) : null}
              </>
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Widget
            key={companyId}
            title="Derniers dossiers"
            load={latest}
            render={(data) => (
              <List
                size="small"
                dataSource={data.folders}
                locale={{ emptyText: 'Aucun dossier' }}
                renderItem={(folder) => (
                  <List.Item extra={<StatusTag label={folder.status} color={folder.statusColor} />}>
                    <List.Item.Meta
                      title={<Link to={`/folder/show/${folder.id}`}>{`${folder.number} · ${folder.plate}`}</Link>}
                      description={`${folder.customer} · ${formatDate(folder.createdAt)}`}
                    />
                  </List.Item>
                )}
              />
            )}
          />
        </Col>
      </Row>
    </>
  );
}
