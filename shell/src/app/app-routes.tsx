import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { LoginPage } from '../features/auth/login-page';
import { LogoutPage } from '../features/auth/logout-page';

// The login page is the first visit of the day: it must not download the frame (menu, top bar, drawer,
// company switcher) nor the pages behind it. They load on demand, once someone is signed in.
const AppLayout = lazy(() => import('../features/layout/app-layout').then((m) => ({ default: m.AppLayout })));
const GuardedPage = lazy(() => import('./guarded-page').then((m) => ({ default: m.GuardedPage })));
const ContactPage = lazy(() => import('../features/errors/contact-page').then((m) => ({ default: m.ContactPage })));
const ErrorPage = lazy(() => import('../features/errors/error-page').then((m) => ({ default: m.ErrorPage })));
const ComingSoon = lazy(() => import('shared-ui').then((m) => ({ default: m.ComingSoon })));

function Loading() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" aria-label="Chargement" />
    </div>
  );
}

/** Shell pages keep the frame when someone is signed in, and stand alone otherwise. */
function ShellPage({ children }: { children: ReactNode }) {
  const signedIn = useSession((state) => state.claims !== null);
  return signedIn ? <AppLayout>{children}</AppLayout> : <main style={{ padding: 24 }}>{children}</main>;
}

const SHELL_PAGES: [path: string, page: ReactNode][] = [
  ['/contact', <ContactPage key="contact" />],
  ['/error/403', <ErrorPage key="403" kind="403" />],
  ['/error/404', <ErrorPage key="404" kind="404" />],
  ['/error/500', <ErrorPage key="500" kind="500" />],
  ['/maintenance', <ErrorPage key="maintenance" kind="maintenance" />],
  ['/coming-soon', <ComingSoon key="coming-soon" title="Bientôt disponible" />],
];

/** The shell's own paths; everything else belongs to a remote through the contracts route table. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        {SHELL_PAGES.map(([path, page]) => (
          <Route key={path} path={path} element={<ShellPage>{page}</ShellPage>} />
        ))}
        <Route path="*" element={<GuardedPage />} />
      </Routes>
    </Suspense>
  );
}
