import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SmsTemplateField } from './SmsTemplateField';
import { SmsTextArea, smsCounterText } from './SmsTextArea';

function Typed() {
  const [value, setValue] = useState('');
  return <SmsTextArea label="Texte du SMS" value={value} onChange={setValue} />;
}

describe('SmsTextArea', () => {
  it('is a plain text area whose count follows what is typed', () => {
    renderWithProviders(<Typed />);
    const box = screen.getByRole('textbox', { name: 'Texte du SMS' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(screen.getByTestId('sms-count')).toHaveTextContent('0 caractère · 0 SMS');
    fireEvent.change(box, { target: { value: 'Bonjour #CLIENT#,\nvotre véhicule vous attend.' } });
    expect(box).toHaveValue('Bonjour #CLIENT#,\nvotre véhicule vous attend.');
    expect(screen.getByTestId('sms-count')).toHaveTextContent('45 caractères · 1 SMS');
  });

  it('counts segments, and says when a sign outside GSM makes them 70 characters', () => {
    expect(smsCounterText('a'.repeat(161))).toBe('161 caractères · 2 SMS');
    expect(smsCounterText('Prêt 🚗')).toBe('6 caractères · 1 SMS (Unicode : 70 caractères par SMS)');
  });
});

function Template({ initial }: { initial: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <SmsTemplateField label="Modèle" value={html} onChange={setHtml} />
      <output data-testid="kept">{html}</output>
      <button type="button" onClick={() => setHtml('<p>Remplacé</p>')}>
        Remplacer
      </button>
    </>
  );
}

describe('SmsTemplateField', () => {
  it('shows a kept template as its text, keeps what is typed as HTML, and a last Enter stays', () => {
    renderWithProviders(<Template initial="<p>Bonjour <strong>#CLIENT#</strong>,</p><p><br></p>" />);
    const box = screen.getByRole('textbox', { name: 'Modèle' });
    expect(box).toHaveValue('Bonjour #CLIENT#,');
    fireEvent.change(box, { target: { value: 'Bonjour #CLIENT#,\n' } });
    expect(box).toHaveValue('Bonjour #CLIENT#,\n');
    expect(screen.getByTestId('kept')).toHaveTextContent('<p>Bonjour #CLIENT#,</p><p></p>');
    fireEvent.click(screen.getByRole('button', { name: 'Remplacer' }));
    expect(box).toHaveValue('Remplacé');
  });
});
