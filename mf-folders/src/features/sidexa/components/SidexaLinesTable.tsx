import { Typography, theme } from 'antd';
import { SIDEXA_HOUR_UNIT, type SidexaLine } from 'contracts';
import type { CSSProperties } from 'react';
import { formatCents } from 'shared-ui';
import { linePreTaxTotal, preTaxTotal } from '../lib/quotation-lines';

const quantityText = (line: SidexaLine) =>
  `${String(line.quantity).replace('.', ',')}${line.unit === SIDEXA_HOUR_UNIT ? ' h' : ''}`;
const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));

/** The search's lines, read-only: a plain table (antd's Table is not needed for a few lines). */
export function SidexaLinesTable({
  lines,
  caption = 'Lignes du devis Sidexa',
}: {
  lines: SidexaLine[];
  caption?: string;
}) {
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: '6px 8px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'left',
    verticalAlign: 'top',
  };
  const head: CSSProperties = { ...cell, background: token.colorFillAlter, fontWeight: 600, whiteSpace: 'nowrap' };
  const amount: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table aria-label={caption} style={{ width: '100%', borderCollapse: 'collapse', fontSize: token.fontSize }}>
        <thead>
          <tr>
            <th style={head}>Désignation</th>
            <th style={head}>Référence</th>
            <th style={{ ...head, textAlign: 'right' }}>Quantité</th>
            <th style={{ ...head, textAlign: 'right' }}>Prix unitaire HT</th>
            <th style={{ ...head, textAlign: 'right' }}>Total HT</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.codpiece} data-testid="sidexa-line">
              <td style={cell}>{line.title}</td>
              <td style={cell}>{line.details || '—'}</td>
              <td style={amount}>{quantityText(line)}</td>
              <td style={amount}>{money(line.preTaxAmount)}</td>
              <td style={amount}>{money(linePreTaxTotal(line))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography.Paragraph strong style={{ textAlign: 'right', margin: '8px 8px 0' }}>
        Total HT : {formatCents(preTaxTotal(lines))}
      </Typography.Paragraph>
    </div>
  );
}
