import { Tabs } from 'antd';
import type { StatusTab } from './server-table-props';

interface StatusTabsProps {
  tabs: StatusTab[];
  activeKey: string | undefined;
  onChange: (key: string) => void;
  /** From the last answer of the fetcher, by tab key. */
  counts: Record<string, number> | undefined;
}

/** Tabs above the table ("TOUT (12)", "Gestion (7)"…): the active one filters the status column. */
export function StatusTabs({ tabs, activeKey, onChange, counts }: StatusTabsProps) {
  return (
    <Tabs
      activeKey={activeKey}
      onChange={onChange}
      items={tabs.map((tab) => ({ key: tab.key, label: `${tab.label} (${counts?.[tab.key] ?? 0})` }))}
    />
  );
}
