import { Empty, Typography, theme } from 'antd';
import type { DashboardFigure } from 'contracts';
import { formatNumber } from 'shared-ui';

/**
 * Horizontal bars a manager reads at a glance: label, bar, count (and closed folders in a darker part).
 * Plain elements: a chart library would weigh more than this page's whole table.
 */
export function FigureBars({ figures, label }: { figures: DashboardFigure[]; label: string }) {
  const { token } = theme.useToken();
  if (figures.length === 0)
    return <Empty description="Aucun dossier sur la période" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const most = Math.max(...figures.map((figure) => figure.count), 1);
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
      {figures.map((figure) => (
        <li
          key={figure.label}
          data-testid="figure"
          style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 40%) 1fr 64px', gap: 8, alignItems: 'center' }}
        >
          {/* A long label (« Concessionnaire partenaire ») goes on two lines rather than being cut. */}
          <Typography.Text>{figure.label}</Typography.Text>
          <span
            aria-hidden
            style={{
              height: 12,
              borderRadius: 6,
              background: token.colorFillSecondary,
              overflow: 'hidden',
              display: 'flex',
            }}
          >
            <span style={{ width: `${((figure.closed ?? 0) / most) * 100}%`, background: token.colorPrimaryActive }} />
            <span
              style={{
                width: `${((figure.count - (figure.closed ?? 0)) / most) * 100}%`,
                background: token.colorPrimary,
              }}
            />
          </span>
          <Typography.Text strong style={{ textAlign: 'right' }}>
            {formatNumber(figure.count)}
            {figure.closed !== undefined ? (
              <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                {' '}
                ({formatNumber(figure.closed)} clos)
              </Typography.Text>
            ) : null}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
