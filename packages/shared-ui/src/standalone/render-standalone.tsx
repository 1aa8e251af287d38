import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '../theme/app-providers';

/**
 * A remote's own dev page (`pnpm --filter mf-x dev`): its routes inside the same
 * providers the shell gives them, so a team works without the other remotes.
 * Sign in through the shell (same origin in dev via the API proxy) first.
 */
export function renderStandalone(Routes: ComponentType): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <AppProviders>
      <BrowserRouter>
        <div style={{ padding: 24 }}>
          <Routes />
        </div>
      </BrowserRouter>
    </AppProviders>,
  );
}
