import { Select, Space, Typography } from 'antd';
import { DASHBOARD_PERIODS, type DashboardPeriod, periodRange } from 'contracts';
import { useState } from 'react';
import { DateField } from '../date-field/DateField';

export type PeriodChoice = DashboardPeriod | 'custom';
export interface PeriodRange {
  /** ISO instants, `to` excluded. */
  from: string;
  to: string;
}

export const CUSTOM_PERIOD_LABEL = 'Période personnalisée';
export const CUSTOM_PERIOD_INVALID = 'La date de début doit précéder la date de fin';

const OPTIONS = [
  ...Object.entries(DASHBOARD_PERIODS).map(([value, label]) => ({ value: value as PeriodChoice, label })),
  { value: 'custom' as const, label: CUSTOM_PERIOD_LABEL },
];

/** [from, to] typed as days (yyyy-mm-dd, the user's calendar) -> [first instant, the instant after `to`[. */
export function customRange(from: string, to: string): PeriodRange | undefined {
  const start = new Date(`${from}T00:00:00`);
  const end = new Date(`${to}T00:00:00`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start > end) return undefined;
  end.setDate(end.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

const day = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/**
 * The period of a page's figures: this month, last month, this year, the last 12 months, or days of one's own
 * (two French date fields). Calls `onChange` with the range only when it is valid.
 */
export function PeriodSelect({
  value,
  onChange,
}: {
  value: PeriodChoice;
  onChange: (choice: PeriodChoice, range: PeriodRange) => void;
}) {
  const initial = periodRange('month');
  const [from, setFrom] = useState(day(initial.from));
  const [to, setTo] = useState(day(new Date(new Date(initial.to).getTime() - 1).toISOString()));
  const [invalid, setInvalid] = useState(false);

  const typed = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    const range = customRange(nextFrom, nextTo);
    setInvalid(!range);
    if (range) onChange('custom', range);
  };

  return (
    <Space wrap>
      <Select<PeriodChoice>
        aria-label="Période"
        value={value}
        onChange={(choice) =>
          choice === 'custom' ? typed(from, to) : onChange(choice, periodRange(choice as DashboardPeriod))
        }
        style={{ minWidth: 200 }}
        options={OPTIONS}
      />
      {value === 'custom' ? (
        <>
          {/* No bounds on purpose: the days are typed in any order; a reversed period gets its French message. */}
          <DateField aria-label="Du" value={from} onChange={(day) => typed(day, to)} />
          <DateField aria-label="Au" value={to} onChange={(day) => typed(from, day)} />
          {invalid ? <Typography.Text type="danger">{CUSTOM_PERIOD_INVALID}</Typography.Text> : null}
        </>
      ) : null}
    </Space>
  );
}
