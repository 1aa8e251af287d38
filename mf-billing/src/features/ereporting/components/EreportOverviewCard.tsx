import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex } from 'antd';
import { EREPORTING_PATHS, type EreportOverview } from 'contracts';
import { Link } from 'react-router-dom';
import { useInvalidate, useSaveAction } from 'shared-ui';
import { runEreporting } from '../api/ereporting';

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** The platform, the regime and the rhythm it sets, « Transmettre maintenant », and what waits for a correction. */
export function EreportOverviewCard({ companyId, overview }: { companyId: number; overview: EreportOverview }) {
  const { saving, run } = useSaveAction();
  const invalidate = useInvalidate();
  const transmit = () =>
    run(
      async () => {
        const result = await runEreporting(companyId);
        await invalidate(EREPORTING_PATHS.overview(companyId));
        return result;
      },
      {
        done: (result) =>
          result.queued === 0
            ? 'Aucune période terminée à transmettre : les transmissions en cours ont été relevées'
            : `${plural(result.queued, 'transmission préparée', 'transmissions préparées')} : le tableau dit où chacune en est`,
      },
    );

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      {!overview.connected && (
        <Alert
          type="warning"
          showIcon
          message="Aucune plateforme agréée n’est configurée : rien n’est transmis"
          description={
            <>
              Renseignez-la dans <Link to="/company/einvoicing">Facturation électronique</Link>.
            </>
          }
        />
      )}
      {overview.toCorrect > 0 && (
        <Alert
          type="error"
          showIcon
          message={`${plural(overview.toCorrect, 'transmission à corriger', 'transmissions à corriger')} : ouvrez-la dans le tableau et « Corriger et renvoyer »`}
        />
      )}
      <Card
        size="small"
        title="Rythme des transmissions"
        extra={
          <Button
            icon={<SendOutlined />}
            loading={saving}
            disabled={!overview.connected}
            onClick={() => void transmit()}
          >
            Transmettre maintenant
          </Button>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="Régime de TVA">
            {overview.vatFilingLabel} (<Link to="/company">modifier dans « Ma société »</Link>)
          </Descriptions.Item>
          <Descriptions.Item label="Ventes aux particuliers">{`Transmises ${overview.transactionsEvery}`}</Descriptions.Item>
          <Descriptions.Item label="Encaissements des prestations">
            {overview.reportsPayments
              ? `Transmis ${overview.paymentsEvery}`
              : 'Non transmis : TVA acquittée sur les débits, ou pas de TVA facturée'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </Flex>
  );
}
