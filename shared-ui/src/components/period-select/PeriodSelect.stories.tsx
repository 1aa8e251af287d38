import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { type PeriodChoice, PeriodSelect } from './PeriodSelect';

function Demo({ initial }: { initial: PeriodChoice }) {
  const [choice, setChoice] = useState<PeriodChoice>(initial);
  const [range, setRange] = useState('');
  return (
    <>
      <PeriodSelect
        value={choice}
        onChange={(next, { from, to }) => {
          setChoice(next);
          setRange(`${from} → ${to}`);
        }}
      />
      <p>{range}</p>
    </>
  );
}

const meta = { title: 'Saisie/PeriodSelect', component: Demo } satisfies Meta<typeof Demo>;
export default meta;

export const ThisMonth: StoryObj<typeof meta> = { args: { initial: 'month' } };
export const Custom: StoryObj<typeof meta> = { args: { initial: 'custom' } };
