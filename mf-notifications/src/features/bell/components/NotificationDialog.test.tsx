import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notificationRow, renderPage } from '../../../test/render';
import { NotificationDialog } from './NotificationDialog';

describe('NotificationDialog', () => {
  it('shows "No content" for an empty notification and no folder button without a folder', async () => {
    renderPage(
      <NotificationDialog
        notification={notificationRow({ content: '', folder: null })}
        archiving={false}
        onArchive={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Notification' });
    expect(await within(dialog).findByText('No content')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Voir le dossier' })).toBeNull();
  });

  it('renders the server HTML sanitized', async () => {
    renderPage(
      <NotificationDialog
        notification={notificationRow({ content: 'Titre<br><img src=x onerror="alert(1)">Corps' })}
        archiving={false}
        onArchive={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Notification' });
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(await within(dialog).findByText(/Corps/)).toBeInTheDocument();
  });
});
