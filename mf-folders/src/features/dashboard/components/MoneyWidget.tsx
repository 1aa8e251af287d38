import { theme } from 'antd';
import type { DashboardMoney } from 'contracts';
import { formatCents } from 'shared-ui';

/*
 * « Chiffre d'affaires »: the money side of the period, for who sees invoices. Turnover before tax and jobs are the
 * period's; what customers and insurers owe is today's. Several garages (TOUT) are listed side by side. Plain
 * elements, not antd's Statistic and Table: the home page is every user's first visit, and those would add tens of
 * kilobytes to it.
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
  const { token } = theme.useToken();
  const cell = { padding: '4px 8px', borderBottom: `1px solid ${token.colorBorderSecondary}` };
  return (
    <>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
          gap: 16,
          margin: 0,
        }}
      >
        {FIGURES.map((figure) => (
          <div key={figure.key}>
            <dt style={{ color: token.colorTextSecondary }}>{figure.title}</dt>
            <dd style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
              {shown(money.total[figure.key], figure.money)}
            </dd>
          </div>
        ))}
      </dl>
      {money.garages.length > 1 ? (
        <table
          aria-label="Chiffre d’affaires par garage"
          style={{ width: '100%', marginTop: 16, borderCollapse: 'collapse' }}
        >
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'left' }}>Garage</th>
              {FIGURES.map((figure) => (
                <th key={figure.key} style={{ ...cell, textAlign: 'right' }}>
                  {figure.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {money.garages.map((garage) => (
              <tr key={garage.companyId}>
                <td style={cell}>{garage.name}</td>
                {FIGURES.map((figure) => (
                  <td key={figure.key} style={{ ...cell, textAlign: 'right' }}>
                    {shown(garage[figure.key], figure.money)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
