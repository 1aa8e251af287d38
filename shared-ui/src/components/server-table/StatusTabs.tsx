import { Tabs } from 'antd';
import type { StatusTab } from './server-table-props';

interface StatusTabsProps {
  tabs: StatusTab[];
  activeKey: string | undefined;
  onChange: (key: string) => void;
  /** The active tab clicked again: the list is read again (after a failed read, as a person expects). */
  onReselect?: () => void;
  /** From the last answer of the fetcher, by tab key. */
  counts: Record<string, number> | undefined;
}

/** Tabs above the table ("TOUT (12)", "Gestion (7)"…): the active one filters the status column. */
export function StatusTabs({ tabs, activeKey, onChange, onReselect, counts }: StatusTabsProps) {
  return (
    <Tabs
      activeKey={activeKey}
      onChange={onChange}
      onTabClick={(key) => {
        if (key === activeKey) onReselect?.();
      }}
      items={tabs.map((tab) => ({ key: tab.key, label: `${tab.label} (${counts?.[tab.key] ?? 0})` }))}
    />
  );
}
