import { Button, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { type PanelStatus, StatusPanel } from 'shared-ui';

export type ErrorKind = '403' | '404' | '500' | 'maintenance';

const PAGES: Record<ErrorKind, { status: PanelStatus; title: string; text: string }> = {
  '403': {
    status: 'forbidden',
    title: 'Accès refusé',
    text: 'Vous n’avez pas les droits nécessaires pour ouvrir cette page.',
  },
  '404': { status: 'warning', title: 'Page introuvable', text: 'La page demandée n’existe pas ou a été déplacée.' },
  '500': {
    status: 'error',
    title: 'Erreur du serveur',
    text: 'Une erreur inattendue est survenue. Réessayez dans quelques instants.',
  },
  maintenance: {
    status: 'info',
    title: 'Maintenance en cours',
    text: "L'application est en maintenance. Elle sera de nouveau disponible très bientôt.",
  },
};

export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const page = PAGES[kind];
  return (
    <StatusPanel
      status={page.status}
      level={1}
      title={page.title}
      description={
        <>
          {page.text}
          {kind === 'maintenance' ? null : (
            // Support asks "which error number?": the code is on the page, not only in the address.
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} data-testid="error-code">
              Code d’erreur : {kind}
            </Typography.Text>
          )}
        </>
      }
      extra={
        <Link to="/">
          <Button type="primary">Retour à l’accueil</Button>
        </Link>
      }
    />
  );
}
