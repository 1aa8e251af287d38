import { Card, Flex, Tag } from 'antd';
import { type BillingDocument, DOCUMENT_TYPE_LABELS, documentStatusLabel, formatEurosText } from 'contracts';
import { Link } from 'react-router-dom';
import { STATUS_COLORS } from '../document-labels';

/** What a document comes from: an invoice from its quote, a credit note from the invoice it corrects. */
const SOURCE_LABELS: Partial<Record<BillingDocument['type'], string>> = {
  invoice: 'Devis d’origine',
  'credit-note': 'Facture corrigée',
};

/**
 * The source document, the other invoice of a deductible split, and the documents made from this one (a quote's
 * invoices, an invoice's credit notes).
 */
export function LinkedDocuments({ document }: { document: BillingDocument }) {
  const partner = document.splitPartner;
  if (document.sourceId === null && document.derived.length === 0 && !partner) return null;
  return (
    <Card title="Documents liés" size="small" style={{ marginBottom: 16 }}>
      <Flex vertical gap={8}>
        {document.sourceId !== null ? (
          <span>
            {SOURCE_LABELS[document.type] ?? 'Document d’origine'} :{' '}
            <Link to={`/quotation/show/${document.sourceId}`}>{document.sourceNumber ?? '(brouillon)'}</Link>
          </span>
        ) : null}
        {partner ? (
          <span>
            {partner.billTo === 'insurer' ? 'Part de l’assureur' : 'Franchise de l’assuré'} :{' '}
            <Link to={`/quotation/show/${partner.id}`}>{partner.number ?? '(brouillon)'}</Link>{' '}
            {formatEurosText(partner.totalAmount)}{' '}
            <Tag color={STATUS_COLORS[partner.status]}>{documentStatusLabel('invoice', partner.status)}</Tag>
          </span>
        ) : null}
        {document.derived.map((derived) => (
          <span key={derived.id}>
            {DOCUMENT_TYPE_LABELS[derived.type]} :{' '}
            <Link to={`/quotation/show/${derived.id}`}>{derived.number ?? '(brouillon)'}</Link>{' '}
            <Tag color={STATUS_COLORS[derived.status]}>{documentStatusLabel(derived.type, derived.status)}</Tag>
          </span>
        ))}
      </Flex>
    </Card>
  );
}
