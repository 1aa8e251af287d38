import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { typeDate } from '../../test/render';
import { AppProviders } from '../../theme/app-providers';
import { DateField, DateTimeField } from './DateField';

function Harness({ time = false, initial = '' }: { time?: boolean; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <AppProviders>
      {time ? (
        <DateTimeField aria-label="Quand" value={value} onChange={setValue} />
      ) : (
        <DateField aria-label="Quand" value={value} onChange={setValue} max="2026-12-31" />
      )}
      <output>{value}</output>
    </AppProviders>
  );
}

const typeIn = (text: string) => typeDate(screen.getByLabelText('Quand'), text);
/** The picker loads on first use (DateField.tsx): the field is there once it has. */
const field = () => screen.findByLabelText('Quand');

describe('DateField', () => {
  it('shows the ISO day the French way and gives back the ISO day typed as jj/mm/aaaa', async () => {
    render(<Harness initial="2026-11-24" />);
    expect(await field()).toHaveValue('24/11/2026');
    typeIn('2026-12-03');
    expect(screen.getByRole('status')).toHaveTextContent('2026-12-03');
  });

  it('refuses a day after its last allowed day', async () => {
    render(<Harness initial="2026-11-24" />);
    await field();
    typeIn('2027-01-05');
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-24');
  });

  it('holds a day and a time as the forms send them', async () => {
    render(<Harness time initial="2026-11-24T09:30" />);
    expect(await field()).toHaveValue('24/11/2026 09:30');
    typeIn('2026-11-25T14:05');
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-25T14:05');
  });
});
