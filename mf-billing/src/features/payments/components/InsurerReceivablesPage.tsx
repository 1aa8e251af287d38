import { Button, type CheckboxProps, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import {
  formatEurosText,
  INSURER_RECEIVABLES_ERROR,
  INSURER_RECEIVABLES_TITLE,
  type InsurerInvoice,
  type InsurerReceivable,
  ON_ACCOUNT_APPLIED,
  RECEIVABLE_BUCKET_LABELS,
  RECEIVABLE_BUCKETS,
  receivableBucket,
} from 'contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DocumentLink,
  EmptyState,
  ErrorState,
  errorMessage,
  formatCents,
  formatDate,
  PageHeader,
  useApiQuery,
  useInvalidate,
  useSaveAction,
} from 'shared-ui';
import {
  applyInsurerOnAccount,
  getInsurerInvoices,
  getInsurerReceivables,
  insurerInvoicesPath,
  RECEIVABLES_PATH,
} from '../api/insurer-receivables';
import { AutoReminderNotice, RemindButton } from './InsurerReminders';
import { InsurerTransferModal } from './InsurerTransferModal';
import { StatementLineModal, type StatementMatch } from './StatementLineModal';

const AGE_COLORS = { upTo30: 'green', upTo60: 'gold', upTo90: 'orange', over90: 'red' } as const;

const invoiceColumns = [
  {
    title: 'Facture',
    dataIndex: 'number',
    render: (number: string, invoice: InsurerInvoice) => (
      <DocumentLink id={invoice.id} number={number} openingBalance={invoice.openingBalance} />
    ),
  },
  {
    title: 'Dossier',
    dataIndex: 'folderNumber',
    render: (number: string | null, invoice: InsurerInvoice) =>
      invoice.folderId ? <Link to={`/folder/show/${invoice.folderId}`}>{number ?? 'Voir'}</Link> : '—',
  },
  { title: 'Sinistre', dataIndex: 'claimNumber', render: (claim: string) => claim || '—' },
  { title: 'Émise le', dataIndex: 'issueDay', render: (day: string) => formatDate(day) },
  {
    title: 'Âge',
    dataIndex: 'age',
    render: (age: number) => <Tag color={AGE_COLORS[receivableBucket(age)]}>{age} j</Tag>,
  },
  {
    title: 'Total TTC',
    dataIndex: 'totalAmount',
    align: 'right' as const,
    render: (cents: number) => formatCents(cents),
  },
  { title: 'Reste dû', dataIndex: 'due', align: 'right' as const, render: (cents: number) => formatCents(cents) },
  {
    title: 'Dernière relance',
    dataIndex: 'lastReminderDay',
    render: (day: string | null) => (day ? formatDate(day) : '—'),
  },
];

/** « Imputer le montant sur compte »: what the insurer left on account applied to the ticked invoices. */
function ApplyOnAccountButton({
  onAccount,
  ticked,
  onApplied,
}: {
  onAccount: number;
  ticked: InsurerInvoice[];
  onApplied: () => void;
}) {
  const invalidate = useInvalidate();
  const { saving, run } = useSaveAction();
  const apply = async () => {
    const done = await run(() => applyInsurerOnAccount({ invoiceIds: ticked.map((invoice) => invoice.id) }), {
      done: ({ payments }) =>
        ON_ACCOUNT_APPLIED(
          formatEurosText(payments.reduce((sum, payment) => sum + payment.amount, 0)),
          new Set(payments.map((payment) => payment.invoiceId)).size,
        ),
    });
    if (!done) return;
    onApplied();
    void invalidate('api/paiement', 'api/quotation', 'api/folder');
  };
  return (
    <Button disabled={ticked.length === 0} loading={saving} onClick={() => void apply()}>
      Imputer le montant sur compte ({formatCents(onAccount)})
    </Button>
  );
}

/**
 * One insurer's unpaid invoices, read when its row is opened; each opens its invoice or its folder. The ticked ones
 * can be settled by one transfer.
 */
function InsurerInvoices({ insurer }: { insurer: InsurerReceivable }) {
  const invoices = useApiQuery(insurerInvoicesPath(insurer.insurer, insurer.siren), () =>
    getInsurerInvoices(insurer.insurer, insurer.siren),
  );
  const [ticked, setTicked] = useState<InsurerInvoice[]>([]);
  const [paying, setPaying] = useState(false);
  const [reading, setReading] = useState(false);
  const [prefill, setPrefill] = useState<StatementMatch>();
  if (invoices.error) {
    return <Typography.Text type="danger">{errorMessage(invoices.error, INSURER_RECEIVABLES_ERROR)}</Typography.Text>;
  }
  return (
    <Flex vertical gap={8}>
      <Table<InsurerInvoice>
        rowKey="id"
        size="small"
        loading={invoices.isLoading}
        pagination={false}
        columns={invoiceColumns}
        dataSource={invoices.data ?? []}
        aria-label={`Factures impayées de ${insurer.insurer}`}
        rowSelection={{
          selectedRowKeys: ticked.map((invoice) => invoice.id),
          onChange: (_, rows) => setTicked(rows),
          // Named for a screen reader (and the tests): which invoice the box picks.
          getCheckboxProps: (invoice) => ({ 'aria-label': `Choisir la facture ${invoice.number}` }) as CheckboxProps,
        }}
      />
      <Flex gap={8} wrap>
        <Button type="primary" disabled={ticked.length === 0} onClick={() => setPaying(true)}>
          Enregistrer un virement ({ticked.length})
        </Button>
        <Button disabled={!invoices.data?.length} onClick={() => setReading(true)}>
          Depuis une ligne de relevé
        </Button>
        <RemindButton ticked={ticked} />
        {insurer.onAccount > 0 ? (
          <ApplyOnAccountButton onAccount={insurer.onAccount} ticked={ticked} onApplied={() => setTicked([])} />
        ) : null}
      </Flex>
      {reading ? (
        <StatementLineModal
          insurer={insurer.insurer}
          invoices={invoices.data ?? []}
          onClose={() => setReading(false)}
          onMatched={(match) => {
            setReading(false);
            setTicked(match.invoices);
            setPrefill(match);
            setPaying(true);
          }}
        />
      ) : null}
      {paying ? (
        <InsurerTransferModal
          insurer={insurer.insurer}
          invoices={ticked}
          prefill={prefill}
          onClose={(paid) => {
            setPaying(false);
            setPrefill(undefined);
            if (paid) setTicked([]);
          }}
        />
      ) : null}
    </Flex>
  );
}

const receivableColumns = [
  {
    title: 'Assureur',
    dataIndex: 'insurer',
    render: (name: string, row: InsurerReceivable) => (
      <>
        {name}
        {row.siren ? <Typography.Text type="secondary"> — SIREN {row.siren}</Typography.Text> : null}
      </>
    ),
  },
  { title: 'Factures', dataIndex: 'invoices', align: 'right' as const },
  ...RECEIVABLE_BUCKETS.map((bucket) => ({
    title: RECEIVABLE_BUCKET_LABELS[bucket],
    key: bucket,
    align: 'right' as const,
    render: (_: unknown, row: InsurerReceivable) => (row.buckets[bucket] ? formatCents(row.buckets[bucket]) : '—'),
  })),
  {
    title: 'Total dû',
    dataIndex: 'due',
    align: 'right' as const,
    render: (cents: number) => <strong>{formatCents(cents)}</strong>,
  },
  {
    title: 'Sur compte',
    dataIndex: 'onAccount',
    align: 'right' as const,
    render: (cents: number) => (cents ? formatCents(cents) : '—'),
  },
];

/**
 * /paiement/insurers, « Créances assureurs »: what each insurer owes on the garages' issued invoices (total less
 * credit notes and payments), by the age of the invoices since issue, the most owed first; a row opens the insurer's
 * unpaid invoices with their claim numbers, each linked to its invoice and its folder.
 */
export function InsurerReceivablesPage() {
  const receivables = useApiQuery(RECEIVABLES_PATH, getInsurerReceivables);
  const data = receivables.data;
  return (
    <>
      <PageHeader
        title={INSURER_RECEIVABLES_TITLE}
        extra={<Link to="/paiement/list/paiement">Retour aux paiements</Link>}
      />
      {data ? <AutoReminderNotice autoReminder={data.autoReminder} /> : null}
      {receivables.error ? (
        <ErrorState
          description={errorMessage(receivables.error, INSURER_RECEIVABLES_ERROR)}
          onRetry={() => void receivables.refetch()}
        />
      ) : !data ? (
        <Skeleton active aria-label="Chargement" />
      ) : data.insurers.length === 0 ? (
        <EmptyState description="Aucun assureur ne doit rien : toutes les factures aux assureurs sont réglées." />
      ) : (
        <Table<InsurerReceivable>
          rowKey={(row) => `${row.insurer}|${row.siren}`}
          columns={receivableColumns}
          dataSource={data.insurers}
          pagination={false}
          expandable={{ expandedRowRender: (row) => <InsurerInvoices insurer={row} />, rowExpandable: () => true }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} />
              <Table.Summary.Cell index={1}>
                <strong>Total</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {data.total.invoices}
              </Table.Summary.Cell>
              {RECEIVABLE_BUCKETS.map((bucket, index) => (
                <Table.Summary.Cell key={bucket} index={3 + index} align="right">
                  {formatCents(data.total.buckets[bucket])}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={7} align="right">
                <strong>{formatCents(data.total.due)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">
                {formatCents(data.total.onAccount)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </>
  );
}
