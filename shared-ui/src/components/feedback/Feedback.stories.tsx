import { Button, Space } from 'antd';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { eventBus } from '../../runtime/event-bus';
import { ApiError } from '../../runtime/http';
import { ActionPerformedModal } from './ActionPerformedModal';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { useFeedback } from './hooks/use-feedback';
import { PageHeader } from './PageHeader';
import { StatusPanel } from './StatusPanel';

const meta = {
  title: 'Feedback/PageHeader',
  component: PageHeader,
  args: {
    title: 'Mes produits',
    subtitle: 'Catalogue du Garage du Centre',
    breadcrumb: [{ title: 'Tableau de bord', href: '/' }, { title: 'Mes produits' }],
    extra: <Button type="primary">Ajouter un produit</Button>,
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const TitleOnly: Story = {
  name: 'Titre seul',
  args: { subtitle: undefined, breadcrumb: undefined, extra: undefined },
};

export const Empty: Story = {
  name: 'EmptyState',
  render: () => (
    <EmptyState
      description="Aucun produit pour ce garage"
      action={<Button type="primary">Ajouter un produit</Button>}
    />
  ),
};

export const ErrorWithRetry: Story = {
  name: 'ErrorState',
  render: () => <ErrorState onRetry={() => {}} />,
};

function FeedbackDemo() {
  const feedback = useFeedback();
  return (
    <Space wrap>
      <Button onClick={() => feedback.success()}>Succès</Button>
      <Button onClick={() => feedback.error(new ApiError(500, { message: 'Stock insuffisant pour ce produit' }))}>
        Erreur serveur
      </Button>
      <Button onClick={() => feedback.info('Le dossier AB-123-CD a été transmis à AXA')}>Info</Button>
      <Button onClick={() => void feedback.confirm({ content: 'Clôturer le dossier AB-123-CD ?', danger: true })}>
        Confirmation
      </Button>
    </Space>
  );
}

export const StatusPanels: Story = {
  name: 'StatusPanel',
  render: () => (
    <Space direction="vertical" style={{ width: '100%' }}>
      <StatusPanel
        status="forbidden"
        title="Accès refusé"
        description="Vous n’avez pas les droits nécessaires pour ouvrir cette page. Code d’erreur : 403"
        extra={<Button type="primary">Retour à l’accueil</Button>}
      />
      <StatusPanel
        status="warning"
        title="Ce module est momentanément indisponible"
        extra={<Button type="primary">Réessayer</Button>}
      />
      <StatusPanel status="waiting" title="Bientôt disponible" />
    </Space>
  ),
};

export const Toasts: Story = { name: 'useFeedback', render: () => <FeedbackDemo /> };

export const ActionPerformed: Story = {
  name: 'Action effectuée',
  render: () => (
    <>
      <ActionPerformedModal />
      <Button onClick={() => eventBus.emit('modal:closed', { message: 'Relance envoyée à MAAF' })}>
        Fermer une modale avec message
      </Button>
    </>
  ),
};
