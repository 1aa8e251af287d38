import { Link } from 'react-router-dom';
import { StatusPanel } from 'shared-ui';

/**
 * What a folder's, a customer's or a vehicle's page shows when there is nothing of the caller's there (unknown,
 * another garage's, or an address typed wrong): the reason, and the way back to the folders.
 */
export function NotFoundPanel({ title }: { title: string }) {
  return (
    <StatusPanel
      status="warning"
      level={1}
      title={title}
      extra={<Link to="/folder/list/all">Retour aux dossiers</Link>}
    />
  );
}
