import { Alert, Col, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ErrorState, PageHeader, useApiQuery, useSession } from 'shared-ui';
import { PickGarage } from '../../../components/PickGarage';
import { einvoicingPath, getPlatformSettings } from '../api/einvoicing';
import { PlatformCard } from './PlatformCard';

const EINVOICING_TITLE = 'Facturation électronique';

/**
 * /company/einvoicing: the approved platform (plateforme agréée, AFNOR XP Z12-013) of the selected garage, or of its
 * whole network, with « Tester la connexion ». The client secret is typed, never shown back.
 */
export function EinvoicingPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const settings = useApiQuery(companyId === 0 ? null : einvoicingPath(companyId), () =>
    getPlatformSettings(companyId),
  );
  if (companyId === 0) return <PickGarage title={EINVOICING_TITLE} />;
  if (settings.error) return <ErrorState onRetry={() => void settings.refetch()} />;
  const data = settings.data;
  return (
    <>
      <PageHeader title={EINVOICING_TITLE} />
      <Typography.Paragraph style={{ maxWidth: 900 }}>
        Depuis le 1<sup>er</sup> septembre 2026, toute entreprise doit pouvoir recevoir les factures de ses fournisseurs
        par la plateforme agréée qu’elle a choisie ; à partir du 1<sup>er</sup> septembre 2027, elle envoie aussi par
        elle ses factures aux entreprises. Renseignez ici les accès que la plateforme du garage lui a donnés.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ maxWidth: 900 }}>
        Les ventes aux particuliers et les encaissements des prestations, qu’aucune facture électronique ne porte,
        passent aussi par elle : voir leurs transmissions dans <Link to="/accounting/ereporting">E-reporting</Link>.
      </Typography.Paragraph>
      {!data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          {data.demo ? (
            <Alert
              showIcon
              type="info"
              style={{ marginBottom: 16 }}
              message={
                <>
                  Plateforme de démonstration : les factures fournisseurs de la démo arrivent de la plateforme de test
                  lancée avec <Typography.Text code>pnpm start</Typography.Text>
                </>
              }
            />
          ) : null}
          <Row gutter={16}>
            <Col xs={24} xl={16}>
              <PlatformCard settings={data} />
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
