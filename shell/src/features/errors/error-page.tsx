import { Button, Result, Typography } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { Link } from 'react-router-dom';

export type ErrorKind = '403' | '404' | '500' | 'maintenance';

const PAGES: Record<ErrorKind, { status: ResultStatusType; title: string; text: string }> = {
  '403': {
    status: '403',
    title: 'Accès refusé',
    text: "Vous n'avez pas les droits nécessaires pour ouvrir cette page.",
  },
  '404': { status: '404', title: 'Page introuvable', text: "La page demandée n'existe pas ou a été déplacée." },
  '500': {
    status: '500',
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
    <Result
      status={page.status}
      title={page.title}
      subTitle={
        <>
          {page.text}
          {kind === 'maintenance' ? null : (
            // Support asks "which error number?": the code is on the page, not only in the address.
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="error-code">
              Code d'erreur : {kind}
            </Typography.Paragraph>
          )}
        </>
      }
      extra={
        <Link to="/">
          <Button type="primary">Retour à l'accueil</Button>
        </Link>
      }
    />
  );
}
