import { Alert, Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import {
  BILL_TO_LABELS,
  type BillingDocument,
  documentIssuedReadOnly,
  documentStatusLabel,
  invoiceBalance,
  LINE_UNIT_LABELS,
  OPERATION_CATEGORY_LABELS,
  PART_ORIGIN_LABELS,
  PARTIAL_CREDIT_LABEL,
  PAYMENT_METHOD_LABELS,
  unitPriceBeforeTax,
} from 'contracts';
import { Link } from 'react-router-dom';
import { formatCents, formatDate } from 'shared-ui';
import { partyLabel, rateLabel } from '../document-labels';
import { useLineTableStyles } from '../hooks/use-line-table-styles';
import { DocumentTotals } from './DocumentTotals';

const or = (text: string | null | undefined) => (text?.trim() ? text : '—');

/** An issued document (or one the user may not change) as it was stored: fields, lines and the stored totals. */
export function DocumentReadOnly({ document, writable }: { document: BillingDocument; writable: boolean }) {
  const styles = useLineTableStyles();
  const { customer } = document;
  const lines = [...document.lines].sort((a, b) => a.position - b.position);
  const isInvoice = document.type === 'invoice';

  return (
    <>
      {document.status !== 'draft' ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={documentIssuedReadOnly(document.type)} />
      ) : !writable ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="Lecture seule : vous ne modifiez pas ce type de document."
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <DocumentFacts document={document} />
        </Col>
        <Col xs={24} xl={12}>
          <Card title={partyLabel(document.type)} size="small" style={{ height: '100%' }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="Nom">
                {customer.name}
                {customer.isBusiness ? ' (professionnel)' : ''}
              </Descriptions.Item>
              <Descriptions.Item label="Adresse">
                {or([customer.address, `${customer.postalCode} ${customer.city}`.trim()].filter(Boolean).join(', '))}
              </Descriptions.Item>
              <Descriptions.Item label="SIREN">{or(customer.siren)}</Descriptions.Item>
              <Descriptions.Item label="N° de TVA">{or(customer.vatNumber)}</Descriptions.Item>
              <Descriptions.Item label="E-mail">{or(customer.email)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <Card title="Lignes" size="small" style={{ marginTop: 16 }}>
        <div style={{ overflowX: 'auto' }}>
          <table style={styles.table} aria-label="Lignes du document">
            <thead>
              <tr>
                <th style={styles.head}>N°</th>
                <th style={styles.head}>Libellé</th>
                <th style={styles.head}>Détails</th>
                <th style={{ ...styles.head, textAlign: 'right' }}>Quantité</th>
                <th style={styles.head}>Unité</th>
                <th style={{ ...styles.head, textAlign: 'right' }}>PU HT</th>
                {document.taxInclusive ? <th style={{ ...styles.head, textAlign: 'right' }}>PU TTC</th> : null}
                <th style={{ ...styles.head, textAlign: 'right' }}>Remise</th>
                <th style={{ ...styles.head, textAlign: 'right' }}>TVA</th>
                <th style={{ ...styles.head, textAlign: 'right' }}>Total HT</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <td style={styles.cell}>{line.position}</td>
                  <td style={styles.cell}>
                    {line.title}
                    {line.partOrigin ? (
                      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                        {PART_ORIGIN_LABELS[line.partOrigin]}
                      </Typography.Text>
                    ) : null}
                  </td>
                  <td style={styles.cell}>{or(line.details)}</td>
                  <td style={styles.amount}>{String(line.quantity).replace('.', ',')}</td>
                  <td style={styles.cell}>{LINE_UNIT_LABELS[line.unit]}</td>
                  <td style={styles.amount}>
                    {formatCents(unitPriceBeforeTax(line.unitPrice, line.taxRate, document.taxInclusive))}
                  </td>
                  {document.taxInclusive ? <td style={styles.amount}>{formatCents(line.unitPrice)}</td> : null}
                  <td style={styles.amount}>{line.remise ? rateLabel(line.remise) : '—'}</td>
                  <td style={styles.amount}>{rateLabel(line.taxRate)}</td>
                  <td style={styles.amount}>{formatCents(line.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          {document.notes ? (
            <Card title="Notes" size="small">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {document.notes}
              </Typography.Paragraph>
            </Card>
          ) : null}
        </Col>
        <Col xs={24} lg={10}>
          <DocumentTotals totals={document} />
          {isInvoice && document.status !== 'draft' ? <InvoiceBalance document={document} /> : null}
        </Col>
      </Row>
    </>
  );
}

/** What an issued invoice still asks: its credit notes and payments netted, or the refund owed to its buyer. */
function InvoiceBalance({ document }: { document: BillingDocument }) {
  const balance = invoiceBalance(document);
  const credit =
    document.creditedAmount === 0
      ? null
      : document.creditedAmount >= document.totalAmount
        ? documentStatusLabel('invoice', 'credited')
        : PARTIAL_CREDIT_LABEL;
  return (
    <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
      {credit ? (
        <Descriptions.Item label="Avoirs">
          {formatCents(-document.creditedAmount)} <Tag color="purple">{credit}</Tag>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="Déjà payé">{formatCents(document.paidAmount)}</Descriptions.Item>
      {balance < 0 ? (
        <Descriptions.Item label="À rembourser au client">
          <strong>{formatCents(-balance)}</strong>
        </Descriptions.Item>
      ) : (
        <Descriptions.Item label="Reste à payer">{formatCents(balance)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The document's own facts: number, dates, the quote's terms, folder, buyer kind, category, mentions. */
function DocumentFacts({ document }: { document: BillingDocument }) {
  return (
    <Card title="Document" size="small" style={{ height: '100%' }}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Numéro">{document.number ?? 'Brouillon'}</Descriptions.Item>
        <Descriptions.Item label="Date d’émission">
          {document.issuedAt ? formatDate(document.issuedAt) : '—'}
        </Descriptions.Item>
        {document.dueDate && document.type !== 'credit-note' ? (
          <Descriptions.Item label={document.type === 'quotation' ? 'Valable jusqu’au' : 'Échéance'}>
            {formatDate(document.dueDate)}
          </Descriptions.Item>
        ) : null}
        {document.type === 'quotation' ? (
          <Descriptions.Item label="Délai d’exécution">
            {document.executionDelay || 'À convenir à l’acceptation du devis'}
          </Descriptions.Item>
        ) : null}
        {document.type === 'quotation' ? (
          <Descriptions.Item label="Prix du devis">
            {document.quoteFee === 0 ? 'Gratuit' : `${formatCents(document.quoteFee)} TTC`}
          </Descriptions.Item>
        ) : null}
        {document.folderId ? (
          <Descriptions.Item label="Dossier">
            <Link to={`/folder/show/${document.folderId}`}>{document.folderNumber ?? 'Voir le dossier'}</Link>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Facturé à">{BILL_TO_LABELS[document.billTo]}</Descriptions.Item>
        <Descriptions.Item label="Catégorie d’opération">
          {OPERATION_CATEGORY_LABELS[document.operationCategory]}
        </Descriptions.Item>
        {/* A credit note is not paid by the customer: no term to show. */}
        {document.type === 'credit-note' ? null : document.paidAtIssue ? (
          <Descriptions.Item label="Paiement">
            Acquittée à l’émission ({PAYMENT_METHOD_LABELS[document.paidAtIssue].toLowerCase()})
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label="Délai de paiement">
            {document.paymentTermDays === 0 ? 'À réception' : `${document.paymentTermDays} jours`}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="Adresse de livraison">{or(document.deliveryAddress)}</Descriptions.Item>
        {document.buyerReference ? (
          <Descriptions.Item label="Référence de l’acheteur">{document.buyerReference}</Descriptions.Item>
        ) : null}
        {document.vehicleMentions ? (
          <Descriptions.Item label="Véhicule">
            {[
              document.vehicleMentions.vehicle,
              document.vehicleMentions.plate,
              document.vehicleMentions.mileage === null
                ? 'kilométrage non relevé'
                : `${document.vehicleMentions.mileage.toLocaleString('fr-FR')} km`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Descriptions.Item>
        ) : null}
        {document.exemptionReason ? (
          <Descriptions.Item label="Motif d’exonération (0 %)">{document.exemptionReason}</Descriptions.Item>
        ) : null}
        {document.type === 'credit-note' && document.creditReason ? (
          <Descriptions.Item label="Motif de l’avoir">{document.creditReason}</Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}
