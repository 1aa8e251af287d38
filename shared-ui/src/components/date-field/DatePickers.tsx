import { CloseCircleFilled } from '@ant-design/icons';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';

/** Days as the forms and the API hold them ("2026-11-24"); the screen shows them the French way (24/11/2026). */
const DAY = 'YYYY-MM-DD';
/** A day and a time as the forms hold them (the former datetime-local format, "2026-11-24T09:30"). */
const DAY_TIME = 'YYYY-MM-DDTHH:mm';

interface Bounds {
  /** First day that may be chosen ("YYYY-MM-DD"). */
  min?: string;
  /** Last day that may be chosen ("YYYY-MM-DD"). */
  max?: string;
}

export interface FieldProps extends Bounds {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** antd's clear cross is an icon alone: named, so a screen reader says what it does. */
const CLEAR = { clearIcon: <CloseCircleFilled aria-label="Effacer" /> };

const outside =
  ({ min, max }: Bounds) =>
  (day: Dayjs) =>
    (min !== undefined && min !== '' && day.isBefore(min, 'day')) ||
    (max !== undefined && max !== '' && day.isAfter(max, 'day'));

/** ISO texts parse without dayjs's format plugin; anything else (an empty field) shows an empty picker. */
const parsed = (value: string | undefined) => {
  if (!value) return null;
  const day = dayjs(value);
  return day.isValid() ? day : null;
};

/** How each field shows and hands back its value: a day, or a day and a time (24 h, five-minute steps). */
const KINDS = {
  day: { format: ['DD/MM/YYYY', 'DD/MM/YY', 'DDMMYYYY'], placeholder: 'jj/mm/aaaa', value: DAY, width: 160 },
  dayTime: { format: 'DD/MM/YYYY HH:mm', placeholder: 'jj/mm/aaaa hh:mm', value: DAY_TIME, width: 200 },
} as const;

function Picker({
  kind,
  id,
  value,
  onChange,
  min,
  max,
  disabled,
  style,
  'aria-label': ariaLabel,
}: FieldProps & { kind: keyof typeof KINDS }) {
  const shape = KINDS[kind];
  return (
    <DatePicker
      id={id}
      aria-label={ariaLabel}
      showTime={kind === 'dayTime' ? { format: 'HH:mm', minuteStep: 5 } : undefined}
      format={shape.format as string | string[]}
      placeholder={shape.placeholder}
      allowClear={CLEAR}
      value={parsed(value)}
      onChange={(day) => onChange?.(day ? day.format(shape.value) : '')}
      disabledDate={outside({ min, max })}
      disabled={disabled}
      style={{ width: shape.width, ...style }}
    />
  );
}

/** DateField's picker, loaded when a form first draws one (DateField.tsx says what it does). */
export const DatePickerField = (props: FieldProps) => <Picker kind="day" {...props} />;

/** DateTimeField's picker. */
export const DateTimePickerField = (props: FieldProps) => <Picker kind="dayTime" {...props} />;
