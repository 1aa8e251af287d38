import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';

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
    <Result
      status="error"
      title={<h2 style={{ fontSize: 20, margin: 0 }}>{title}</h2>}
      subTitle={description}
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
