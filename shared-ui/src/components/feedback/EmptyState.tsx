import { Empty } from 'antd';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  description?: ReactNode;
  /** An action such as "Ajouter un produit". */
  action?: ReactNode;
}

export function EmptyState({ description = 'Aucune donnée', action }: EmptyStateProps) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {action}
    </Empty>
  );
}
