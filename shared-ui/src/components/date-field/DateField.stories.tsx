import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { DateField, DateTimeField } from './DateField';

function Demo({ withTime, initial, max }: { withTime: boolean; initial: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {withTime ? (
        <DateTimeField aria-label="Date et heure" value={value} onChange={setValue} />
      ) : (
        <DateField aria-label="Date" value={value} onChange={setValue} max={max} />
      )}
      <p>Valeur envoyée : {value || '(vide)'}</p>
    </>
  );
}

const meta = { title: 'Saisie/DateField', component: Demo } satisfies Meta<typeof Demo>;
export default meta;

export const Day: StoryObj<typeof meta> = { args: { withTime: false, initial: '2026-11-24' } };
export const DayUpToToday: StoryObj<typeof meta> = { args: { withTime: false, initial: '', max: '2026-11-24' } };
export const DayAndTime: StoryObj<typeof meta> = { args: { withTime: true, initial: '2026-11-24T09:30' } };
