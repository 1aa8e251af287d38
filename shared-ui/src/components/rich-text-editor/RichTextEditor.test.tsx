import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RichTextEditor, smsCounterText } from './RichTextEditor';

describe('RichTextEditor', () => {
  it('loads Quill lazily with a French accessible editing area and toolbar', async () => {
    renderWithProviders(
      <RichTextEditor label="Commentaire" placeholder="Votre commentaire" value="<p>Pare-brise AXA</p>" />,
    );
    const box = await screen.findByRole('textbox', { name: 'Commentaire' }, { timeout: 5000 });
    await waitFor(() => expect(box).toHaveTextContent('Pare-brise AXA'));
    expect(screen.getByRole('button', { name: 'Gras' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Liste à puces' })).toBeInTheDocument();
  });

  it('shows the SMS counter in sms mode, without a formatting toolbar', async () => {
    renderWithProviders(
      <RichTextEditor mode="sms" label="Modèle SMS" value="<p>Votre dossier #FOLDER# est prêt</p>" />,
    );
    expect(screen.getByText('31 caractères · 1 SMS')).toBeInTheDocument();
    await screen.findByRole('textbox', { name: 'Modèle SMS' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Gras' })).not.toBeInTheDocument();
  });

  it('formats the counter from HTML', () => {
    expect(smsCounterText('')).toBe('0 caractère · 0 SMS');
    expect(smsCounterText(`<p>${'a'.repeat(161)}</p>`)).toBe('161 caractères · 2 SMS');
  });
});
