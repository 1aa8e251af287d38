import { Grid, Layout, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { ActionPerformedModal, LAYOUT } from 'shared-ui';
import logoDefault from '../../assets/logo-default.svg';
import logoPartner from '../../assets/logo-partner.svg';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useCompanyInfos } from './use-company-infos';
import { useHostKind } from './use-host-kind';

const isWide = () => typeof window !== 'undefined' && window.innerWidth >= LAYOUT.sideOpenMinWidth;

/** The frame every page lives in: side menu (open by default from 1200 px), top bar, content area. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(!isWide());
  const host = useHostKind();
  const infos = useCompanyInfos();
  const small = !screens.xl;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={LAYOUT.sideWidth}
        collapsedWidth={small ? 0 : LAYOUT.sideMiniWidth}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
        theme="light"
        style={{
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          overflow: 'auto',
          height: '100vh',
          position: 'sticky',
          top: 0,
        }}
      >
        <div style={{ height: LAYOUT.topBarHeight, display: 'flex', alignItems: 'center', paddingInline: 16 }}>
          <img
            src={host === 'partner' ? logoPartner : logoDefault}
            alt={host === 'partner' ? 'Réseau partenaire' : 'GarageOffice'}
            style={{ maxWidth: collapsed ? 48 : 160, height: 40, objectFit: 'contain', objectPosition: 'left' }}
          />
        </div>
        <SideMenu />
      </Layout.Sider>
      <Layout>
        <TopBar
          onToggleMenu={() => setCollapsed((value) => !value)}
          logos={{ franchiseLogoUrl: infos?.franchiseLogoUrl, companyLogoUrl: infos?.company?.logoUrl }}
        />
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <main>{children}</main>
        </Layout.Content>
        <ActionPerformedModal />
      </Layout>
    </Layout>
  );
}
