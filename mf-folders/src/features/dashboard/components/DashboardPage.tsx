import { Card, Col, Empty, List, Row, Skeleton, Typography } from 'antd';
import { periodRange } from 'contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ErrorState,
  formatDate,
  PageHeader,
  type PeriodChoice,
  type PeriodRange,
  PeriodSelect,
  useApiQuery,
  useCan,
} from 'shared-ui';
import { StatusTag } from '../../../lib/status-tag';
import { dashboardApi, periodPath } from '../api/dashboard';
import { FigureBars } from './FigureBars';
import { MoneyFigures } from './MoneyWidget';
import { SetupNotice } from './SetupNotice';

// Chart.js comes with its chart only: no other page downloads it.
const MonthlyChart = lazy(() => import('./MonthlyChart'));

interface WidgetCardProps<T> {
  title: string;
  data: T | undefined;
  error: unknown;
  retry: () => void;
  render: (data: T) => ReactNode;
}

function WidgetCard<T>({ title, data, error, retry, render }: WidgetCardProps<T>) {
  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      {error ? <ErrorState onRetry={retry} /> : data === undefined ? <Skeleton active /> : render(data)}
    </Card>
  );
}

/** One widget, one read: `path` (the period in its query string) is what `load` reads. */
function Widget<T>({
  title,
  path,
  load,
  render,
}: {
  title: string;
  path: string;
  load: () => Promise<T>;
  render: (data: T) => ReactNode;
}) {
  const { data, error, refetch } = useApiQuery(path, load);
  return <WidgetCard title={title} data={data} error={error} retry={() => void refetch()} render={render} />;
}

/** The folders opened and closed per month: two reads, one chart. */
function MonthsWidget({ range }: { range: PeriodRange }) {
  const opened = useApiQuery(periodPath('api/dashboard/chart/created-per-month', range), () =>
    dashboardApi.getChart('created-per-month', range),
  );
  const closed = useApiQuery(periodPath('api/dashboard/chart/closed-per-month', range), () =>
    dashboardApi.getChart('closed-per-month', range),
  );
  return (
    <WidgetCard
      title="Dossiers ouverts et clôturés par mois"
      data={opened.data && closed.data ? { opened: opened.data, closed: closed.data } : undefined}
      error={opened.error ?? closed.error}
      retry={() => {
        for (const chart of [opened, closed]) if (chart.error) void chart.refetch();
      }}
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
  );
}

/** « Chiffre d'affaires », for who sees invoices (the call answers 403 to the others). */
function MoneyWidget({ range }: { range: PeriodRange }) {
  const mayReadInvoices = useCan('invoices');
  if (!mayReadInvoices) return null;
  return (
    <Col span={24}>
      <Widget
        title="Chiffre d’affaires"
        path={periodPath('api/dashboard/money', range)}
        load={() => dashboardApi.getMoney(range)}
        render={(data) => <MoneyFigures money={data} />}
      />
    </Col>
  );
}

/** `/`: the garage at a glance over a period (the widgets of docs/product.md, loaded on arrival). */
export function DashboardPage() {
  const [period, setPeriod] = useState<PeriodChoice>('twelveMonths');
  const [range, setRange] = useState<PeriodRange>(() => periodRange('twelveMonths'));
  const choose = (choice: PeriodChoice, next: PeriodRange) => {
    setPeriod(choice);
    setRange(next);
  };
  return (
    <>
      <PageHeader title="Tableau de bord" extra={<PeriodSelect value={period} onChange={choose} />} />
      <SetupNotice />
      <Row gutter={[16, 16]}>
        <MoneyWidget range={range} />
        <Col xs={24} xl={12}>
          <Widget
            title="Dossiers par statut"
            path={periodPath('api/dashboard/folders-by-status', range)}
            load={() => dashboardApi.getStatuses(range)}
            render={(data) => <FigureBars figures={data} label="Dossiers par statut" />}
          />
        </Col>
        <Col xs={24} xl={12}>
          <MonthsWidget range={range} />
        </Col>
        <Col xs={24} xl={12}>
          <Widget
            title="Statistiques par assureur"
            path={periodPath('api/dashboard/stats-insurances', range)}
            load={() => dashboardApi.getStatsInsurances(range)}
            render={(data) => <FigureBars figures={data} label="Statistiques par assureur" />}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Widget
            title="Connu par"
            path={periodPath('api/dashboard/stats-knownby', range)}
            load={() => dashboardApi.getStatsKnownBy(range)}
            render={(data) => <FigureBars figures={data} label="Connu par" />}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Widget
            title="Classement"
            path={periodPath('api/dashboard/rankings', range)}
            load={() => dashboardApi.getRankings(range)}
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
            title="Derniers dossiers"
            path="api/dashboard"
            load={dashboardApi.getFolders}
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
