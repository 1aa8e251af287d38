import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ComingSoon, useSession } from 'shared-ui';
import { LoginPage } from '../features/auth/login-page';
import { LogoutPage } from '../features/auth/logout-page';
import { ContactPage } from '../features/errors/contact-page';
import { ErrorPage } from '../features/errors/error-page';
import { AppLayout } from '../features/layout/app-layout';
import { GuardedPage } from './guarded-page';

/** Shell pages keep the frame when someone is signed in, and stand alone otherwise. */
function ShellPage({ children }: { children: ReactNode }) {
  const signedIn = useSession((state) => state.claims !== null);
  return signedIn ? <AppLayout>{children}</AppLayout> : <main style={{ padding: 24 }}>{children}</main>;
}

/** The shell's own paths; everything else belongs to a remote through the contracts route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route
        path="/contact"
        element={
          <ShellPage>
            <ContactPage />
          </ShellPage>
        }
      />
      <Route
        path="/error/403"
        element={
          <ShellPage>
            <ErrorPage kind="403" />
          </ShellPage>
        }
      />
      <Route
        path="/error/404"
        element={
          <ShellPage>
            <ErrorPage kind="404" />
          </ShellPage>
        }
      />
      <Route
        path="/error/500"
        element={
          <ShellPage>
            <ErrorPage kind="500" />
          </ShellPage>
        }
      />
      <Route
        path="/maintenance"
        element={
          <ShellPage>
            <ErrorPage kind="maintenance" />
          </ShellPage>
        }
      />
      <Route
        path="/coming-soon"
        element={
          <ShellPage>
            <ComingSoon title="Bientôt disponible" />
          </ShellPage>
        }
      />
      <Route path="*" element={<GuardedPage />} />
    </Routes>
  );
}
