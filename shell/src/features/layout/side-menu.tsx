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
/** A main group this short leaves room for the rest: « Suite du menu » starts open. */
const SHORT_MENU = 5;

/** The role-filtered side menu (contracts decides the entries; this only draws them). */
export function SideMenu() {
  const claims = useSession((state) => state.claims);
  const host = useHostKind();
  const { pathname } = useLocation();

  const menu = useMemo(
    () =>
      claims
        ? menuFor({ roles: claims.roles, isReferent: claims.isReferent, franchiseId: claims.franchiseId }, host)
        : { main: [], more: [] },
    [claims, host],
  );
  const items = useMemo<Item[]>(() => {
    const { main, more } = menu;
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
  }, [menu]);
  // « Suite du menu » opens by itself for a short menu (an accountant's, a fitter's: nothing to hide) and on one
  // of its own pages.
  const hrefs = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.href, ...hrefs(e.children ?? [])]);
  const openMore = menu.main.length <= SHORT_MENU || hrefs(menu.more).includes(pathname);

  return (
    <Menu
      mode="inline"
      items={items}
      defaultOpenKeys={openMore ? [MORE_KEY] : []}
      selectedKeys={[pathname]}
      aria-label="Menu principal"
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
