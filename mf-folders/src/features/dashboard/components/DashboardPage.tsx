import { Card, Col, List, Row, Select, Skeleton, Typography } from 'antd';
import { DASHBOARD_PERIODS, type DashboardPeriod, periodRange } from 'contracts';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, formatDate, PageHeader, useRemoteData, useSession } from 'shared-ui';
import { StatusTag } from '../../../lib/status-tag';
import { dashboardApi } from '../api/dashboard';
import { FigureBars } from './FigureBars';

function Widget<T>({ title, load, render }: { title: string; load: () => Promise<T>; render: (data: T) => ReactNode }) {
  const { data, error, reload } = useRemoteData(load, true);
  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      {error ? <ErrorState onRetry={() => void reload()} /> : data === undefined ? <Skeleton active /> : render(data)}
    </Card>
  );
}

/** `/`: the garage at a glance over a period (the widgets of spec section 1, loaded on arrival). */
export function DashboardPage() {
  const [period, setPeriod] = useState<DashboardPeriod>('twelveMonths');
  const range = useMemo(() => periodRange(period), [period]);
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const key = `${companyId}-${period}`;
  const latest = useCallback(() => dashboardApi.getFolders(), []);
  const statuses = useCallback(() => dashboardApi.getStatuses(range), [range]);
  const insurers = useCallback(() => dashboardApi.getStatsInsurances(range), [range]);
  const knownBy = useCallback(() => dashboardApi.getStatsKnownBy(range), [range]);
  const rankings = useCallback(() => dashboardApi.getRankings(range), [range]);
  const months = useCallback(() => dashboardApi.getChart('created-per-month', range), [range]);

  return (
    <>
      <PageHeader
        title="Tableau de bord"
        extra={
          <Select<DashboardPeriod>
            aria-label="Période"
            value={period}
            onChange={setPeriod}
            style={{ minWidth: 200 }}
            options={Object.entries(DASHBOARD_PERIODS).map(([value, label]) => ({
              value: value as DashboardPeriod,
              label,
            }))}
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
            title="Dossiers ouverts par mois"
            load={months}
            render={(data) => <FigureBars figures={data} label="Dossiers ouverts par mois" />}
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
