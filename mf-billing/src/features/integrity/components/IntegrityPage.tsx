import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Skeleton, Table, Typography } from 'antd';
import {
  EVENT_KIND_LABELS,
  INTEGRITY_BROKEN,
  INTEGRITY_PROBLEM_LABELS,
  INTEGRITY_VALID,
  type IntegrityProblem,
  type IntegrityReport,
  type LedgerEvent,
  LINK_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from 'contracts';
import { ErrorState, errorMessage, formatCents, formatDateTime, PageHeader, useApiQuery, useSession } from 'shared-ui';
import { checkIntegrity } from '../api/integrity';
import { ArchivesCard } from './ArchivesCard';
import { PublicKeyCard } from './PublicKeyCard';

const problemColumns = [
  { title: 'Maillon', dataIndex: 'seq', width: 90, render: (seq: number) => (seq > 0 ? seq : '—') },
  {
    title: 'Problème',
    dataIndex: 'problem',
    render: (problem: IntegrityProblem['problem']) => INTEGRITY_PROBLEM_LABELS[problem],
  },
  {
    title: 'Enregistrement',
    key: 'record',
    render: (_: unknown, row: IntegrityProblem) =>
      [LINK_KIND_LABELS[row.kind ?? ''] ?? row.kind, row.reference].filter(Boolean).join(' ') || '—',
  },
  {
    title: 'Date',
    dataIndex: 'recordedAt',
    width: 170,
    render: (at: string | null) => (at ? formatDateTime(at) : '—'),
  },
  {
    title: 'Ce qui diffère',
    dataIndex: 'differences',
    render: (differences: string[]) => differences.join(', ') || '—',
  },
];

/** One line of an event's details: what was reprinted, exported or changed. */
function eventSummary(event: LedgerEvent): string {
  const details = event.details as Record<string, unknown>;
  switch (event.kind) {
    case 'reprint':
      return `${LINK_KIND_LABELS[String(details.type)] ?? details.type} ${details.number}`;
    case 'export':
      return `${details.fileName} (${details.bytes} octets, SHA-256 ${String(details.sha256).slice(0, 12)}…)`;
    case 'identity-change':
      return `Champs modifiés : ${Object.keys(details).join(', ')}`;
    case 'integrity-failure':
      return `${details.problems} enregistrement(s) en cause`;
    case 'archive':
      return `${details.fileName} (SHA-256 ${String(details.sha256).slice(0, 12)}…)`;
    case 'mfa-reset':
      return `Compte ${details.email}`;
    case 'cash-up':
      return `Caisse du ${String(details.day).split('-').reverse().join('/')} : écart ${formatCents(Number(details.difference))}`;
    default:
      return '—';
  }
}

const eventColumns = [
  { title: 'N°', dataIndex: 'seq', width: 70 },
  { title: 'Date', dataIndex: 'at', width: 170, render: (at: string) => formatDateTime(at) },
  { title: 'Événement', dataIndex: 'kind', render: (kind: string) => EVENT_KIND_LABELS[kind] ?? kind },
  { title: 'Détails', key: 'details', render: (_: unknown, event: LedgerEvent) => eventSummary(event) },
];

/**
 * /integrity: the inalterable chain of the selected garage recomputed: valid or the first broken record
 * named, the chain's head (its last link's hash, to note down), the perpetual grand totals.
 */
export function IntegrityPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const report = useApiQuery(companyId === 0 ? null : `api/integrity/${companyId}`, () => checkIntegrity(companyId));
  return (
    <>
      <PageHeader
        title="Intégrité"
        subtitle="Le registre inaltérable des ventes et des encaissements du garage (art. 286 I 3° bis du CGI)"
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void report.refetch()}
            disabled={companyId === 0}
            loading={report.isFetching}
          >
            Vérifier maintenant
          </Button>
        }
      />
      {companyId === 0 ? (
        <Alert type="warning" showIcon message="Sélectionnez un garage en haut à gauche pour vérifier son registre" />
      ) : report.error ? (
        <ErrorState
          title="La vérification n’a pas pu se faire"
          description={errorMessage(report.error, 'Réessayez dans un instant.')}
          onRetry={() => void report.refetch()}
        />
      ) : !report.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <IntegrityResult report={report.data} />
      )}
      {companyId === 0 ? null : <ArchivesCard companyId={companyId} />}
      <PublicKeyCard />
    </>
  );
}

function IntegrityResult({ report }: { report: IntegrityReport }) {
  const first = report.problems[0];
  return (
    <>
      <Alert
        type={report.valid ? 'success' : 'error'}
        showIcon
        style={{ marginBottom: 16 }}
        message={report.valid ? INTEGRITY_VALID : INTEGRITY_BROKEN}
        description={
          first
            ? `Premier enregistrement en cause : ${[LINK_KIND_LABELS[first.kind ?? ''] ?? first.kind, first.reference]
                .filter(Boolean)
                .join(' ')} (maillon ${first.seq}) — ${INTEGRITY_PROBLEM_LABELS[first.problem]}.`
            : `${report.checked} maillons recalculés en ${report.durationMs} ms, le ${formatDateTime(report.checkedAt)}.`
        }
      />
      <Card title="Tête de chaîne" size="small" style={{ marginBottom: 16 }}>
        {report.head ? (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="Dernier maillon">
              n° {report.head.seq}, le {formatDateTime(report.head.recordedAt)}
            </Descriptions.Item>
            <Descriptions.Item label="Empreinte SHA-256">
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {report.head.hash}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Grand total des ventes TTC">
              {formatCents(report.head.salesTotal)}
            </Descriptions.Item>
            {Object.entries(report.head.receipts).map(([method, total]) => (
              <Descriptions.Item
                key={method}
                label={`Encaissements — ${PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method}`}
              >
                {formatCents(total)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">
            Aucune vente ni aucun encaissement enregistré pour l’instant.
          </Typography.Text>
        )}
      </Card>
      {report.problems.length > 0 ? (
        <Card title="Enregistrements en cause" size="small" style={{ marginBottom: 16 }}>
          <Table<IntegrityProblem>
            rowKey={(row) => `${row.seq}-${row.problem}-${row.reference}`}
            columns={problemColumns}
            dataSource={report.problems}
            pagination={false}
            size="small"
          />
        </Card>
      ) : null}
      <Card
        title="Journal des événements techniques"
        size="small"
        style={{ marginBottom: 16 }}
        extra={<Typography.Text type="secondary">{report.eventsChecked} événements vérifiés</Typography.Text>}
      >
        <Table<LedgerEvent>
          rowKey="seq"
          columns={eventColumns}
          dataSource={report.events}
          pagination={false}
          size="small"
          locale={{ emptyText: 'Aucun événement pour l’instant' }}
        />
      </Card>
    </>
  );
}
