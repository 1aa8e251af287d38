import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, installUploadGuard, useSession, useTheme } from 'shared-ui';
import { AppRoutes } from './app/app-routes';

// The dark/light choice is kept per user.
useTheme.getState().loadUserMode(useSession.getState().claims?.email);
useSession.subscribe((state) => useTheme.getState().loadUserMode(state.claims?.email));

// Every file input of class addFiles, in any remote, refuses files above 16 MB.
installUploadGuard(document);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>,
  );
}
