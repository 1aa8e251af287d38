import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { ACCOUNTING_PATHS, ACCOUNTING_SIRET_MISSING, type AccountingPeriod } from 'contracts';
import { downloadFromServer } from 'shared-ui';

/**
 * The files an accountant takes away: the FEC of the period (named by the server, a tax auditor's format) and every
 * journal's lines in CSV or Excel. The server writes them and logs each download with its digest.
 */
export function AccountingDownloads({
  companyId,
  period,
  fecFileName,
}: {
  companyId: number;
  period: AccountingPeriod;
  /** Null: the garage has no SIRET, so no FEC. */
  fecFileName: string | null;
}) {
  return (
    <Card title="Exports" size="small">
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center">
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!fecFileName}
            onClick={() => downloadFromServer(ACCOUNTING_PATHS.fec(companyId, period))}
          >
            Télécharger le FEC
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadFromServer(ACCOUNTING_PATHS.journals(companyId, period, 'csv'))}
          >
            Journaux CSV
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadFromServer(ACCOUNTING_PATHS.journals(companyId, period, 'xlsx'))}
          >
            Journaux Excel
          </Button>
        </Flex>
        {fecFileName ? (
          <Typography.Text type="secondary">
            Fichier des écritures comptables {fecFileName} : 18 zones séparées par des tabulations, ISO 8859-15 (art.
            A47 A-1 du LPF). Chaque export est inscrit au journal des événements avec son empreinte.
          </Typography.Text>
        ) : (
          <Alert type="warning" showIcon message={ACCOUNTING_SIRET_MISSING} />
        )}
      </Flex>
    </Card>
  );
}
