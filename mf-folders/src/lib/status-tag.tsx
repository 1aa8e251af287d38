import { Tag } from 'antd';

/** A folder status as a coloured tag (the colours are antd preset names, set per status by the company). */
export function StatusTag({ label, color }: { label: string; color: string }) {
  return <Tag color={color === 'default' ? undefined : color}>{label}</Tag>;
}
