import { Alert, Button, Modal, Spin, Typography, theme } from 'antd';
import {
  DEFAULT_TAX_RATE,
  type DocumentLineBody,
  percentLabel,
  QUOTATION_MODAL_SLOT,
  type QuotationModalProps,
} from 'contracts';
import type { CSSProperties } from 'react';
import { RemoteSlot } from 'shared-ui';

export const BILLING_ABSENT =
  'Le module Facturation ne répond pas : les lignes du devis Sidexa restent ci-dessous. Recopiez-les dans un devis ou réessayez dans un instant ; relancer la recherche de ce dossier ne consomme pas d’unité.';

/** The quote's lines, read-only, while billing cannot show its form: nothing of the search is lost. */
function QuotationLinesFallback({ lines, onClose }: { lines: DocumentLineBody[]; onClose: () => void }) {
  const { token } = theme.useToken();
  const cell: CSSProperties = { padding: '6px 8px', borderBottom: `1px solid ${token.colorBorderSecondary}` };
  const head: CSSProperties = { ...cell, background: token.colorFillAlter, fontWeight: 600, textAlign: 'left' };
  const right: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' };
  return (
    <Modal
      open
      title="Devis Sidexa"
      width="min(960px, 96vw)"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Fermer</Button>}
    >
      <Alert type="warning" showIcon message="Devis indisponible pour le moment" description={BILLING_ABSENT} />
      <table aria-label="Lignes du devis" style={{ width: '100%', borderCollapse: 'collapse', marginTop: 12 }}>
        <thead>
          <tr>
            <th style={head}>Libellé</th>
            <th style={head}>Détails</th>
            <th style={{ ...head, textAlign: 'right' }}>Quantité</th>
            <th style={{ ...head, textAlign: 'right' }}>Prix unitaire HT (€)</th>
            <th style={{ ...head, textAlign: 'right' }}>TVA</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.position}>
              <td style={cell}>{line.title}</td>
              <td style={cell}>{line.details || '—'}</td>
              <td style={right}>{String(line.quantity).replace('.', ',')}</td>
              <td style={right}>{line.preTaxAmount === '' ? '—' : String(line.preTaxAmount)}</td>
              <td style={right}>{percentLabel(Number(line.taxRate ?? DEFAULT_TAX_RATE))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        Prix hors taxes ; la main-d’œuvre est au taux horaire saisi.
      </Typography.Paragraph>
    </Modal>
  );
}

/** billing's quote form (QUOTATION_MODAL_SLOT), the lines prefilled; the lines read-only when billing is absent. */
export function QuotationStep(props: QuotationModalProps) {
  return (
    <RemoteSlot<QuotationModalProps>
      remote={QUOTATION_MODAL_SLOT.remote}
      module={QUOTATION_MODAL_SLOT.module}
      props={props}
      fallback={<QuotationLinesFallback lines={props.lines} onClose={props.onClose} />}
      loading={<Spin fullscreen tip="Ouverture du devis…" />}
    />
  );
}
