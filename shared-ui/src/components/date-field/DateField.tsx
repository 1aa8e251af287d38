import { Input } from 'antd';
import { type CSSProperties, lazy, Suspense } from 'react';
import type { FieldProps } from './DatePickers';

// antd's picker (rc-picker and dayjs's plugins, ~27 kB compressed) comes with the first date a page draws, not
// with every page whose module imports a form (a folder's appointment modal, a custom period): e2e/budgets.json.
const pickers = () => import('./DatePickers');
const LazyDateField = lazy(() => pickers().then((module) => ({ default: module.DatePickerField })));
const LazyDateTimeField = lazy(() => pickers().then((module) => ({ default: module.DateTimePickerField })));

/** What shows for the instant the picker loads: the field's shape, inert and unnamed (nothing to type into yet). */
const loading = (width: CSSProperties['width'], placeholder: string) => (
  <Input disabled aria-hidden tabIndex={-1} placeholder={placeholder} style={{ width }} />
);

/**
 * A day, picked or typed as « 24/11/2026 »: antd's picker in French (calendar, month names, « Aujourd’hui »), where
 * a native date input follows the browser's language (mm/dd/yyyy). The value stays the ISO day the forms send.
 */
export function DateField(props: FieldProps) {
  return (
    <Suspense fallback={loading(props.style?.width ?? 160, 'jj/mm/aaaa')}>
      <LazyDateField {...props} />
    </Suspense>
  );
}

/** A day and a time (« 24/11/2026 09:30 », 24 h, five-minute steps): the appointments' field. */
export function DateTimeField(props: FieldProps) {
  return (
    <Suspense fallback={loading(props.style?.width ?? 200, 'jj/mm/aaaa hh:mm')}>
      <LazyDateTimeField {...props} />
    </Suspense>
  );
}
