import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Table, Typography } from 'antd';
import { ARCHIVE_KIND_LABELS, type Archive, formatParisDate } from 'contracts';
import { ErrorState, errorMessage, formatDateTime, formatNumber, useApiQuery } from 'shared-ui';
import { archiveFileUrl, listArchives } from '../api/archives';
import { ArchivePeriodForm } from './ArchivePeriodForm';

const day = (value: string) => formatParisDate(new Date(`${value}T12:00:00Z`));
/** "48,2 Ko", "3,1 Mo". */
const size = (bytes: number) =>
  bytes < 1_000_000
    ? `${formatNumber(Math.round(bytes / 100) / 10)} Ko`
    : `${formatNumber(Math.round(bytes / 100_000) / 10)} Mo`;

const columns = (companyId: number) => [
  {
    title: 'Période',
    key: 'period',
    render: (_: unknown, row: Archive) => `du ${day(row.periodStart)} au ${day(row.periodEnd)}`,
  },
  { title: 'Type', dataIndex: 'kind', width: 100, render: (kind: Archive['kind']) => ARCHIVE_KIND_LABELS[kind] },
  {
    title: 'Créée',
    key: 'created',
    render: (_: unknown, row: Archive) =>
      `le ${formatDateTime(row.createdAt)}, ${row.createdBy ? `par ${row.createdBy}` : 'automatiquement (clôture de l’exercice)'}`,
  },
  { title: 'Taille', dataIndex: 'bytes', width: 100, render: size },
  {
    title: 'Empreinte SHA-256 du fichier',
    dataIndex: 'sha256',
    render: (sha256: string) => (
      <Typography.Text code copyable={{ text: sha256 }} title={sha256}>
        {sha256.slice(0, 16)}…
      </Typography.Text>
    ),
  },
  {
    title: 'Fichier',
    key: 'file',
    render: (_: unknown, row: Archive) => (
      <Button
        size="small"
        icon={<DownloadOutlined />}
        href={archiveFileUrl(companyId, row.id)}
        download={row.fileName}
        aria-label={`Télécharger ${row.fileName}`}
      >
        Télécharger
      </Button>
    ),
  },
];

/**
 * « Archives »: the garage's signed archives (each fiscal year's, made after its closing, and those asked for),
 * each downloadable as made; a period archived on demand.
 */
export function ArchivesCard({ companyId }: { companyId: number }) {
  const archives = useApiQuery(`api/integrity/${companyId}/archives`, () => listArchives(companyId));
  return (
    <Card title="Archives" size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Chaque archive réunit les factures et avoirs tels qu’émis (PDF), les enregistrements, les clôtures, le journal
        des événements et la chaîne, sous un manifeste signé par la clé de l’instance. Elle se vérifie avec{' '}
        <Typography.Text code>pnpm verify-archive FICHIER.zip</Typography.Text> et se conserve dix ans : le logiciel
        n’en supprime aucune.
      </Typography.Paragraph>
      <ArchivePeriodForm companyId={companyId} onMade={() => void archives.refetch()} />
      {archives.error ? (
        <ErrorState
          title="Les archives n’ont pas pu être lues"
          description={errorMessage(archives.error, 'Réessayez dans un instant.')}
          onRetry={() => void archives.refetch()}
        />
      ) : (
        <Table<Archive>
          rowKey="id"
          columns={columns(companyId)}
          dataSource={archives.data ?? []}
          loading={archives.isFetching}
          pagination={false}
          size="small"
          locale={{ emptyText: 'Aucune archive pour l’instant : celle de chaque exercice se fait après sa clôture' }}
        />
      )}
    </Card>
  );
}
