import ConfigProvider from 'antd/es/config-provider';
import frFR from 'antd/es/locale/fr_FR';
import { createRoot } from 'react-dom/client';
import { themeConfig } from 'shared-ui/theme-config';
import { LoginPage, redirectIfSignedIn } from './features/auth/login-page';

// /login alone: no router, no frame, no shared design system (the deep imports of login-page.tsx).
const next = new URLSearchParams(window.location.search).get('next');
const root = document.getElementById('root');
if (root && !redirectIfSignedIn(next)) {
  createRoot(root).render(
    <ConfigProvider locale={frFR} theme={themeConfig('light')}>
      <LoginPage next={next} />
    </ConfigProvider>,
  );
}
