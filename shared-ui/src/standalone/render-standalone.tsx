import { sessionResponseSchema } from 'contracts';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { request } from '../runtime/http';
import { useSession } from '../runtime/session-store';
import { AppProviders } from '../theme/app-providers';

/**
 * The display token lives in the shell origin's storage, but the session cookie
 * is shared by every port of localhost: a standalone page asks the API for its
 * own display token. No session: the page says where to sign in.
 */
async function adoptSession(): Promise<void> {
  if (useSession.getState().claims) return;
  try {
    const { token } = await request('api/token/refresh', sessionResponseSchema, { method: 'post' });
    useSession.getState().setToken(token);
  } catch {
    console.warn('Mode autonome : connectez-vous d’abord sur le shell (http://localhost:3000/login).');
  }
}

/**
 * A remote's own dev page (`pnpm --filter mf-x dev`): its routes inside the same
 * providers the shell gives them, so a team works without the other remotes.
 */
export async function renderStandalone(Routes: ComponentType): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  await adoptSession();
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
