import { Col, Row, Statistic, Table } from 'antd';
import type { DashboardMoney, DashboardMoneyRow } from 'contracts';
import { formatCents } from 'shared-ui';

/*
 * « Chiffre d'affaires »: the money side of the period, for who sees invoices. Turnover before tax and jobs are the
 * period's; what customers and insurers owe is today's. Several garages (TOUT) are listed side by side.
 */

const FIGURES: { key: keyof DashboardMoney['total']; title: string; money: boolean }[] = [
  { key: 'turnover', title: 'Chiffre d’affaires HT', money: true },
  { key: 'jobs', title: 'Travaux facturés', money: false },
  { key: 'averageJob', title: 'Panier moyen HT', money: true },
  { key: 'customersOwe', title: 'Dû par les clients', money: true },
  { key: 'insurersOwe', title: 'Dû par les assureurs', money: true },
];

const shown = (value: number, money: boolean) => (money ? formatCents(value) : value.toLocaleString('fr-FR'));

export function MoneyFigures({ money }: { money: DashboardMoney }) {
  return (
    <>
      <Row gutter={[16, 16]}>
        {FIGURES.map((figure) => (
          <Col key={figure.key} xs={12} md={8} xl={4}>
            <Statistic
              title={figure.title}
              value={money.total[figure.key]}
              // The French amount as printed elsewhere, not antd's own number split.
              formatter={() => shown(money.total[figure.key], figure.money)}
            />
          </Col>
        ))}
      </Row>
      {money.garages.length > 1 ? (
        <Table<DashboardMoneyRow>
          style={{ marginTop: 16 }}
          size="small"
          rowKey="companyId"
          pagination={false}
          dataSource={money.garages}
          aria-label="Chiffre d’affaires par garage"
          columns={[
            { key: 'name', title: 'Garage', dataIndex: 'name' },
            ...FIGURES.map((figure) => ({
              key: figure.key,
              title: figure.title,
              align: 'right' as const,
              render: (_: unknown, row: DashboardMoneyRow) => shown(row[figure.key], figure.money),
            })),
          ]}
        />
      ) : null}
    </>
  );
}
