import { BellOutlined, MenuOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Layout, Tooltip, theme } from 'antd';
import { BELL_SLOT } from 'contracts';
import { useState } from 'react';
import { LAYOUT, RemoteSlot, renewSessionIfDue, useSession } from 'shared-ui';
import { AccountDrawer } from './account-drawer';
import type { LogoSources } from './account-logo';
import { CompanySwitcher } from './company-switcher';
import { SearchEntry } from './search-entry';
import { UnitsCounter } from './units-counter';

interface Props {
  /** Below 1200 px the side menu is a drawer this button opens. */
  showMenuButton: boolean;
  onToggleMenu: () => void;
  logos: Omit<LogoSources, 'franchiseId'>;
}

const disabledBell = (
  <Button type="text" shape="circle" icon={<BellOutlined />} aria-label="Notifications indisponibles" disabled />
);

export function TopBar({ showMenuButton, onToggleMenu, logos }: Props) {
  const { token } = theme.useToken();
  const claims = useSession((state) => state.claims);
  const [accountOpen, setAccountOpen] = useState(false);
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const multiCompany = (claims?.companies.length ?? 0) > 1;

  return (
    <Layout.Header
      style={{
        height: LAYOUT.topBarHeight,
        lineHeight: `${LAYOUT.topBarHeight}px`,
        paddingInline: showMenuButton ? 8 : 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" gap={showMenuButton ? 4 : 12} style={{ height: '100%' }}>
        {showMenuButton && (
          <Button
            type="text"
            shape="circle"
            icon={<MenuOutlined />}
            aria-label="Ouvrir ou fermer le menu"
            onClick={onToggleMenu}
          />
        )}
        <Tooltip title={multiCompany ? 'Changer de garage' : 'Mon garage'}>
          <Button
            type="text"
            shape="circle"
            icon={<ShopOutlined />}
            aria-label="Mes garages"
            onClick={() => setSwitcherOpen((open) => multiCompany && !open)}
          />
        </Tooltip>
        <CompanySwitcher open={switcherOpen} onOpenChange={setSwitcherOpen} />
        <Flex align="center" gap={showMenuButton ? 2 : 8} style={{ marginInlineStart: 'auto' }}>
          <UnitsCounter />
          <SearchEntry />
          <RemoteSlot
            remote={BELL_SLOT.remote}
            module={BELL_SLOT.module}
            props={{}}
            fallback={disabledBell}
            loading={disabledBell}
          />
          <Button
            type="text"
            shape="circle"
            aria-label="Mon compte"
            // The drawer's logo is an image, which cannot renew a session an idle tab let close: renew first.
            onClick={() => void renewSessionIfDue().finally(() => setAccountOpen(true))}
            icon={<Avatar size="small" icon={<UserOutlined />} />}
          />
        </Flex>
      </Flex>
      <AccountDrawer open={accountOpen} onClose={() => setAccountOpen(false)} logos={logos} />
    </Layout.Header>
  );
}
