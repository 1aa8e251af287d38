import { Flex, Select, Typography } from 'antd';
import { type AccountingPeriod, fiscalYearChoices, parisToday, periodExportRefusal } from 'contracts';
import { useId, useMemo, useState } from 'react';
import { DateField } from 'shared-ui';

const CUSTOM = 'custom';

/**
 * The period of the books: one of the garage's fiscal years (the current one and the five before it), or days of
 * one's own (two native date fields), checked as the server checks them. Calls `onChange` with valid periods only.
 */
export function AccountingPeriodPicker({
  startMonth,
  value,
  onChange,
}: {
  startMonth: number;
  value: AccountingPeriod;
  onChange: (period: AccountingPeriod) => void;
}) {
  const id = useId();
  const years = useMemo(() => fiscalYearChoices(parisToday(), startMonth), [startMonth]);
  const matching = years.findIndex((year) => year.from === value.from && year.to === value.to);
  const [custom, setCustom] = useState(matching < 0);
  const [draft, setDraft] = useState<AccountingPeriod>(value);
  const refusal = custom ? periodExportRefusal(draft.from, draft.to) : undefined;

  const type = (next: AccountingPeriod) => {
    setDraft(next);
    if (!periodExportRefusal(next.from, next.to)) onChange(next);
  };

  return (
    <Flex gap={12} wrap align="center">
      <Select<string>
        aria-label="Période"
        style={{ minWidth: 320 }}
        value={custom || matching < 0 ? CUSTOM : String(matching)}
        onChange={(choice) => {
          if (choice === CUSTOM) {
            setCustom(true);
            setDraft(value);
            return;
          }
          const year = years[Number(choice)];
          setCustom(false);
          if (year) onChange({ from: year.from, to: year.to });
        }}
        options={[
          ...years.map((year, index) => ({ value: String(index), label: year.label })),
          { value: CUSTOM, label: 'Période personnalisée' },
        ]}
      />
      {custom ? (
        <>
          <label htmlFor={`${id}-from`}>Du</label>
          <DateField id={`${id}-from`} value={draft.from} onChange={(from) => type({ ...draft, from })} />
          <label htmlFor={`${id}-to`}>Au</label>
          <DateField id={`${id}-to`} value={draft.to} onChange={(to) => type({ ...draft, to })} />
          {refusal ? <Typography.Text type="danger">{refusal}</Typography.Text> : null}
        </>
      ) : null}
    </Flex>
  );
}
