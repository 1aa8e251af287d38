import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ComingSoon, useSession } from 'shared-ui';
import { LogoutPage } from '../features/auth/logout-page';

// Error pages and the frame load on demand: a page pays only for what it shows.
// "frame": the server preloads this chunk on every product page (rspack-config/preload-manifest-plugin).
const AppLayout = lazy(() =>
  import(/* webpackChunkName: "frame" */ '../features/layout/app-layout').then((m) => ({ default: m.AppLayout })),
);
const GuardedPage = lazy(() =>
  import(/* webpackChunkName: "frame" */ './guarded-page').then((m) => ({ default: m.GuardedPage })),
);
const ContactPage = lazy(() => import('../features/errors/contact-page').then((m) => ({ default: m.ContactPage })));
const ActivatePage = lazy(() => import('../features/auth/activate-page').then((m) => ({ default: m.ActivatePage })));
const InvitationPage = lazy(() =>
  import('../features/auth/invitation-page').then((m) => ({ default: m.InvitationPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const ErrorPage = lazy(() => import('../features/errors/error-page').then((m) => ({ default: m.ErrorPage })));
const TwoFactorPage = lazy(() =>
  import('../features/auth/two-factor/two-factor-page').then((m) => ({ default: m.TwoFactorPage })),
);

function Loading() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" aria-label="Chargement" />
    </div>
  );
}

/** /login is its own bundle (see index.ts): reached from inside the app, the browser loads it. */
function ToLoginDocument() {
  useEffect(() => window.location.replace(window.location.href), []);
  return <Loading />;
}

/** Shell pages keep the frame when someone is signed in, and stand alone otherwise. */
function ShellPage({ children }: { children: ReactNode }) {
  const signedIn = useSession((state) => state.claims !== null);
  return signedIn ? <AppLayout>{children}</AppLayout> : <main style={{ padding: 24 }}>{children}</main>;
}

const SHELL_PAGES: [path: string, page: ReactNode][] = [
  ['/contact', <ContactPage key="contact" />],
  // « Mon compte » > « Double authentification »: the page itself sends a signed-out visitor to /login.
  ['/account/two-factor', <TwoFactorPage key="two-factor" />],
  // Public: the activation link e-mailed to a new centre's admin.
  ['/activate/:token', <ActivatePage key="activate" />],
  ['/invitation/:token', <InvitationPage key="invitation" />],
  // Public: « Mot de passe oublié ? » on the sign-in page, and the page of the link it e-mails.
  ['/forgot-password', <ForgotPasswordPage key="forgot-password" />],
  ['/reset-password/:token', <ResetPasswordPage key="reset-password" />],
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
        <Route path="/login" element={<ToLoginDocument />} />
        <Route path="/logout" element={<LogoutPage />} />
        {SHELL_PAGES.map(([path, page]) => (
          <Route key={path} path={path} element={<ShellPage>{page}</ShellPage>} />
        ))}
        <Route path="*" element={<GuardedPage />} />
      </Routes>
    </Suspense>
  );
}
