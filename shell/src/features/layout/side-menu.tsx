import { EllipsisOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { type MenuEntry, menuFor } from 'contracts';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { useHostKind } from './hooks/use-host-kind';
import { MENU_ICONS } from './menu-icons';

type Item = Required<MenuProps>['items'][number];

function toItem(entry: MenuEntry, parentKey = ''): Item {
  const Icon = MENU_ICONS[entry.icon];
  const key = `${parentKey}${entry.href}`;
  if (entry.children?.length) {
    return {
      key: `group:${key}`,
      icon: <Icon />,
      label: entry.label,
      children: entry.children.map((child) => toItem(child, `${entry.label}:`)),
    };
  }
  // A real link: middle-click and Ctrl+click open a new tab.
  return { key, icon: parentKey ? undefined : <Icon />, label: <Link to={entry.href}>{entry.label}</Link> };
}

export const MORE_KEY = 'suite-du-menu';

/** The role-filtered side menu (contracts decides the entries; this only draws them). */
export function SideMenu() {
  const claims = useSession((state) => state.claims);
  const host = useHostKind();
  const { pathname } = useLocation();

  const items = useMemo<Item[]>(() => {
    if (!claims) return [];
    const { main, more } = menuFor({ roles: claims.roles, isReferent: claims.isReferent }, host);
    const mainItems = main.map((entry) => toItem(entry));
    if (more.length === 0) return mainItems;
    return [
      ...mainItems,
      {
        key: MORE_KEY,
        icon: <EllipsisOutlined />,
        label: 'Suite du menu',
        children: more.map((entry) => toItem(entry)),
      },
    ];
  }, [claims, host]);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      aria-label="Menu principal"
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
