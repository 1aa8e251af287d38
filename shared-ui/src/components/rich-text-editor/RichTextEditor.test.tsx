import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RichTextEditor } from './RichTextEditor';

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
});
