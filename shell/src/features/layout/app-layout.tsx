import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { ActionPerformedModal, LAYOUT, setRemoteModuleLoader } from 'shared-ui';
import logoDefault from '../../assets/logo-default.svg';
import logoPartner from '../../assets/logo-partner.svg';
import { loadRemoteModule } from '../../remotes/remote-registry';
import { registerOfflineApp } from '../../service-worker/register';
import { ConnectionBanner } from './connection-banner';
import { useCompanyInfos } from './hooks/use-company-infos';
import { useHostKind } from './hooks/use-host-kind';
import { SideMenu } from './side-menu';
import { CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

// Every remote area of the frame (pages, slots, a remote's block inside another's page) loads through the registry.
setRemoteModuleLoader(loadRemoteModule);

function Logo({ compact }: { compact: boolean }) {
  const partner = useHostKind() === 'partner';
  return (
    <div style={{ height: LAYOUT.topBarHeight, display: 'flex', alignItems: 'center', paddingInline: 16 }}>
      <img
        src={partner ? logoPartner : logoDefault}
        alt={partner ? 'Réseau partenaire' : 'GarageOffice'}
        style={{ maxWidth: compact ? 48 : 160, height: 40, objectFit: 'contain', objectPosition: 'left' }}
      />
    </div>
  );
}

/**
 * The frame every page lives in. From 1200 px the side menu is a panel, open
 * by default (220 px, 88 px when folded); below, it is a drawer over the page
 * that the top bar's menu button opens, so the content keeps the whole width.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const wide = Grid.useBreakpoint().xl ?? window.innerWidth >= LAYOUT.sideOpenMinWidth;
  const [folded, setFolded] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const infos = useCompanyInfos();

  const navigation = useNavigationType();

  // Choosing a page in the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setDrawerOpen(false), [pathname]);
  // A new page opens at its top; back and forward (POP) keep where the reader was, as the browser restores it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);

  // The fitter's pages install the offline app the first time one opens.
  useEffect(() => registerOfflineApp(pathname), [pathname]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {wide ? (
        <Layout.Sider
          width={LAYOUT.sideWidth}
          collapsedWidth={LAYOUT.sideMiniWidth}
          collapsed={folded}
          trigger={null}
          theme="light"
          style={{
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            height: '100vh',
            position: 'sticky',
            top: 0,
          }}
        >
          {/* Logo, scrolling menu, then the fold button in the flow: nothing floats over the last entries. */}
          <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
            <Logo compact={folded} />
            <div style={{ flex: 1, overflowY: 'auto' }}>
              <SideMenu />
            </div>
            <Button
              type="text"
              block
              icon={folded ? <RightOutlined /> : <LeftOutlined />}
              aria-label={folded ? 'Déplier le menu' : 'Replier le menu'}
              onClick={() => setFolded((value) => !value)}
              style={{ height: 48, borderRadius: 0, borderTop: `1px solid ${token.colorBorderSecondary}` }}
            />
          </div>
        </Layout.Sider>
      ) : (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={LAYOUT.sideWidth}
          closable={false}
          title={<Logo compact={false} />}
          styles={{ body: { padding: 0 }, header: { padding: 0 } }}
        >
          <SideMenu />
        </Drawer>
      )}
      <Layout>
        <TopBar
          showMenuButton={!wide}
          onToggleMenu={() => setDrawerOpen((open) => !open)}
          logos={{ franchiseLogoUrl: infos?.franchiseLogoUrl, companyLogoUrl: infos?.company?.logoUrl }}
        />
        <ConnectionBanner />
        {/* antd's Content is the page's one <main> landmark; the skip link lands on it. */}
        <Layout.Content id={CONTENT_ID} tabIndex={-1} style={{ padding: wide ? 24 : 12, minWidth: 0, outline: 'none' }}>
          {children}
        </Layout.Content>
        <ActionPerformedModal />
      </Layout>
    </Layout>
  );
}
