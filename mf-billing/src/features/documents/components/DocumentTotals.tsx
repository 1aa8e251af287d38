import { Alert, Flex, Typography, theme } from 'antd';
import type { VatByRate } from 'contracts';
import { formatCents } from 'shared-ui';
import { rateLabel } from '../document-labels';

export interface TotalsShown {
  preTaxAmount: number;
  taxAmount: number;
  totalAmount: number;
  vatByRate: VatByRate[];
}

interface DocumentTotalsProps {
  /** Cents; undefined while a typed value cannot be computed. */
  totals: TotalsShown | undefined;
  /** CANNOT_CALCULATE_TOTAL, shown instead of the amounts. */
  error?: string;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap={24}>
      <Typography.Text strong={strong}>{label}</Typography.Text>
      <Typography.Text strong={strong}>{value}</Typography.Text>
    </Flex>
  );
}

/**
 * Total HT, VAT (one row per rate when several rates are used, as a French invoice shows them) and Total TTC.
 * The form gives it the live totals of what is typed, the read-only view the stored ones: both come from
 * the contracts' `documentTotals`.
 */
export function DocumentTotals({ totals, error }: DocumentTotalsProps) {
  const { token } = theme.useToken();
  if (error || !totals) {
    return (
      <Alert
        type="warning"
        showIcon
        role="status"
        message={error}
        description="Vérifiez les quantités, prix unitaires et remises des lignes : nombres avec 2 décimales au plus."
      />
    );
  }
  const byRate = totals.vatByRate.length > 1;
  return (
    <Flex
      vertical
      gap={6}
      aria-label="Totaux du document"
      role="group"
      style={{ padding: 12, background: token.colorFillAlter, borderRadius: token.borderRadius }}
    >
      <Row label="Total HT" value={formatCents(totals.preTaxAmount)} />
      {byRate ? (
        totals.vatByRate.map((entry) => (
          <Row
            key={entry.rate}
            label={`TVA ${rateLabel(entry.rate)} sur ${formatCents(entry.base)}`}
            value={formatCents(entry.tax)}
          />
        ))
      ) : (
        <Row
          label={totals.vatByRate[0] ? `TVA ${rateLabel(totals.vatByRate[0].rate)}` : 'TVA'}
          value={formatCents(totals.taxAmount)}
        />
      )}
      {byRate ? <Row label="Total TVA" value={formatCents(totals.taxAmount)} /> : null}
      <Row label="Total TTC" value={formatCents(totals.totalAmount)} strong />
    </Flex>
  );
}
