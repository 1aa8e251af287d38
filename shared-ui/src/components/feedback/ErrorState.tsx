import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { StatusPanel } from './StatusPanel';

export interface ErrorStateProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Shows "Réessayer" when given. */
  onRetry?: () => void;
}

/** What a failed panel shows instead of its content (a remote that failed to load, a list that failed). */
export function ErrorState({
  title = 'Une erreur est survenue',
  description = 'Le contenu n’a pas pu être chargé. Vérifiez votre connexion puis réessayez.',
  onRetry,
}: ErrorStateProps) {
  return (
    <StatusPanel
      status="error"
      title={title}
      description={description}
      extra={
        onRetry ? (
          <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
            Réessayer
          </Button>
        ) : undefined
      }
    />
  );
}
