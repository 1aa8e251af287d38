import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NotificationDetail } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { markNotificationRead } from '../../../api/mark-read';
import { markNotificationUnread } from '../../../api/mark-unread';
import { notificationRow, renderPage } from '../../../test/render';
import { getNotification } from '../api/get-notification';
import { NotificationDetailPage } from './NotificationDetailPage';

vi.mock('../api/get-notification', () => ({ getNotification: vi.fn() }));
vi.mock('../../../api/mark-read', () => ({ markNotificationRead: vi.fn() }));
vi.mock('../../../api/mark-unread', () => ({ markNotificationUnread: vi.fn() }));
vi.mock('../../../api/archive-notification', () => ({ archiveNotification: vi.fn() }));

const unread: NotificationDetail = { ...notificationRow({ id: 5 }), readAt: null, archivedAt: null };
const read: NotificationDetail = {
  ...unread,
  isUnRead: false,
  notificationRead: 'Oui',
  readAt: '2026-11-20T11:00:00Z',
};

const renderDetail = () =>
  renderPage(
    <Routes>
      <Route path="/notifications/:id" element={<NotificationDetailPage />} />
    </Routes>,
    '/notifications/5',
  );

beforeEach(() => {
  vi.mocked(getNotification).mockReset();
  vi.mocked(markNotificationRead)
    .mockReset()
    .mockResolvedValue(new Response(null, { status: 204 }));
  vi.mocked(markNotificationUnread)
    .mockReset()
    .mockResolvedValue(new Response(null, { status: 204 }));
});

describe('NotificationDetailPage', () => {
  it('opened unread, marks it read and shows it read; « Marquer comme non lue » shows it unread again', async () => {
    vi.mocked(getNotification).mockResolvedValueOnce(unread).mockResolvedValue(read);
    renderDetail();
    const unreadButton = await screen.findByRole('button', { name: 'Marquer comme non lue' });
    await waitFor(() => expect(markNotificationRead).toHaveBeenCalledWith(5));
    // Read again after the change: the page says it is read, so it may be marked unread.
    await waitFor(() => expect(unreadButton).toBeEnabled());
    expect(screen.getByText('Oui')).toBeInTheDocument();

    vi.mocked(getNotification).mockResolvedValue(unread);
    fireEvent.click(unreadButton);
    await waitFor(() => expect(markNotificationUnread).toHaveBeenCalledWith(5));
    await waitFor(() => expect(unreadButton).toBeDisabled());
    expect(screen.getByText('Non')).toBeInTheDocument();
    // Marked unread on purpose: this visit does not read it again.
    expect(markNotificationRead).toHaveBeenCalledTimes(1);
  });
});
